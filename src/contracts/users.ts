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

const optionalText = z.string().trim().max(50).nullable().optional();

export const peopleQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['aktiv', 'inaktiv']).optional(),
  sort: z.enum(['name', 'email', 'employeeId', 'department', 'status']).default('name'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const peoplePage = userList.extend({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const personFieldsPatch = updateUserRequest.extend({
  employeeId: optionalText,
  departmentId: z.uuid().nullable().optional(),
});

export const createPersonRequest = z.object({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: z.string().trim().email().max(320),
  employeeId: optionalText,
  departmentId: z.uuid().nullable().optional(),
  roleIds: z.array(z.uuid()).max(500).default([]),
  groupIds: z.array(z.uuid()).max(500).default([]),
});

const grant = z.object({ name: z.string(), value: z.enum(['true', 'false']) });

export const personAccessRequest = z.object({
  roleIds: z.array(z.uuid()).max(500),
  groupIds: z.array(z.uuid()).max(500),
  permissions: z.array(grant).max(50),
});

export const provenance = z.union([
  z.object({ kind: z.literal('direct') }),
  z.object({ kind: z.literal('role'), role: z.string() }),
  z.object({ kind: z.literal('group'), group: z.string(), role: z.string() }),
]);

export const personDetailResponse = z.object({
  user: userSummary,
  roleIds: z.array(z.string()),
  groupIds: z.array(z.string()),
  permissions: z.array(z.object({ name: z.string(), value: z.string() })),
  effective: z.array(z.object({ permission: z.string(), via: z.array(provenance) })),
  /** The person signs in with a second factor (an admin can reset it when it is lost). */
  secondFactor: z.boolean(),
});

export const departmentList = z.object({ departments: z.array(z.object({ id: z.string(), name: z.string() })) });

/** What the person editor offers: every role, group and permission of the tenant. */
export const accessOptions = z.object({
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  permissions: z.array(z.object({ name: z.string(), description: z.string() })),
});
