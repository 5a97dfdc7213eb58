import { z } from 'zod';

export const userSummary = z.object({
  id: z.string(),
  employeeId: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  status: z.enum(['aktiv', 'inaktiv']),
  department: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export const userList = z.object({ users: z.array(userSummary) });
export const userIdParams = z.object({ id: z.string().uuid() });
export const updateUserRequest = z
  .object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    email: z.string().trim().email().max(320),
    status: z.enum(['aktiv', 'inaktiv']),
  })
  .partial();
