import { z } from 'zod';

/** Every error answer of the API. `message` is shown to the user as is. */
export const errorResponse = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
