import { isPermission, type Permission, type PermissionGrant, resolvePermissions } from './permissions';

/**
 * Rules of the people, role and group administration: where an effective
 * permission comes from, who loses what when a role or group goes, and the
 * old → new list an audit entry records.
 */

export interface NamedRole {
  id: string;
  name: string;
  permissions: PermissionGrant[];
}

export interface NamedGroup {
  id: string;
  name: string;
  roles: NamedRole[];
}

/** The three paths of docs/product.md#permissions with the names an admin recognises; structurally a PermissionSources. */
export interface NamedSources {
  direct: PermissionGrant[];
  roles: NamedRole[];
  groups: NamedGroup[];
}

export type Provenance = { kind: 'direct' } | { kind: 'role'; role: string } | { kind: 'group'; group: string; role: string };

export interface EffectivePermission {
  permission: Permission;
  via: Provenance[];
}

const grants = (list: readonly PermissionGrant[], p: string) => list.some((g) => g.name === p && g.value === 'true');

/** Every effective permission with every path that grants it, in the catalogue's order. */
export function permissionProvenance(src: NamedSources, catalogue: readonly Permission[]): EffectivePermission[] {
  const out: EffectivePermission[] = [];
  for (const permission of catalogue) {
    const via: Provenance[] = [];
    if (grants(src.direct, permission)) via.push({ kind: 'direct' });
    for (const r of src.roles) if (grants(r.permissions, permission)) via.push({ kind: 'role', role: r.name });
    for (const g of src.groups)
      for (const r of g.roles) if (grants(r.permissions, permission)) via.push({ kind: 'group', group: g.name, role: r.name });
    if (via.length > 0) out.push({ permission, via });
  }
  return out;
}

/** The sources as they would be without one role, wherever it is attached (directly or through a group). */
export function withoutRole(src: NamedSources, roleId: string): NamedSources {
  return {
    direct: src.direct,
    roles: src.roles.filter((r) => r.id !== roleId),
    groups: src.groups.map((g) => ({ ...g, roles: g.roles.filter((r) => r.id !== roleId) })),
  };
}

export function withoutGroup(src: NamedSources, groupId: string): NamedSources {
  return { ...src, groups: src.groups.filter((g) => g.id !== groupId) };
}

/** Permissions held before and not after, sorted: what a confirmation must name. */
export function permissionsLost(before: NamedSources, after: NamedSources): Permission[] {
  const kept = resolvePermissions(after);
  return [...resolvePermissions(before)].filter((p) => !kept.has(p)).sort();
}

export interface FieldChange {
  field: string;
  old: string | null;
  new: string | null;
}

type Plain = string | number | boolean | null | undefined | readonly string[];

const show = (v: Plain): string | null => {
  if (v === null || v === undefined) return null;
  // An empty list shows as nothing, like a missing value: '—' in the trail, never an empty string.
  if (Array.isArray(v)) return v.length === 0 ? null : [...v].sort().join(', ');
  return String(v);
};

/** The fields whose shown value differs, old → new; lists compare as sets. */
export function auditChanges(before: Record<string, Plain>, after: Record<string, Plain>): FieldChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.flatMap((field) => {
    const o = show(before[field]);
    const n = show(after[field]);
    return o === n ? [] : [{ field, old: o, new: n }];
  });
}

/** Grants from a matrix of checkboxes: only known permissions, each once, value 'true' or 'false'. */
export function normaliseGrants(list: readonly PermissionGrant[]): PermissionGrant[] {
  const byName = new Map<string, string>();
  for (const g of list) if (isPermission(g.name)) byName.set(g.name, g.value === 'true' ? 'true' : 'false');
  return [...byName].map(([name, value]) => ({ name, value }));
}
