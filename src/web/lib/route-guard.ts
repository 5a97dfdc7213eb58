import type { Me } from '@contracts/session';
import { routeAccess } from '@domain/navigation';
import { HttpStatusError } from './http-status-error';

/**
 * The route guard of every page of docs/product.md#screens (decision 157): the domain rule
 * that also draws the menu decides, and a refusal shows the error page with
 * its text ("Fehler: 403 no admin").
 */
export function guardPage(me: Pick<Me, 'permissions' | 'features'>, pathname: string): void {
  const result = routeAccess(pathname, new Set(me.permissions), new Set(me.features));
  if (!result.allowed) throw new HttpStatusError(403, result.denial);
}
