import type { AppLocale, Me, okResponse } from '@contracts/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { applyUserLocale } from '@web/lib/i18n';
import { meQueryKey } from '@web/lib/use-me';
import type { z } from 'zod';

// Shared like useMe: the language menu of every screen and the settings dialog switch it.

/**
 * PUT /api/session/locale. The interface switches at once (optimistic); if
 * the server refuses, the previous language comes back.
 */
export function useUpdateLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: AppLocale) => api.put<z.infer<typeof okResponse>>('/api/session/locale', { locale }),
    onMutate: async (locale) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const previous = queryClient.getQueryData<Me>(meQueryKey);
      if (previous) queryClient.setQueryData<Me>(meQueryKey, { ...previous, locale });
      await applyUserLocale(locale);
      return { previous };
    },
    onError: async (_error, _locale, context) => {
      if (context?.previous) {
        queryClient.setQueryData(meQueryKey, context.previous);
        await applyUserLocale(context.previous.locale);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
