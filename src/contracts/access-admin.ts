import { PERMISSIONS } from '@domain/permissions';
import { z } from 'zod';
import { instant } from './calendar';
import { said } from './said';

const name = z.string().trim().min(1, said('Bitte einen Namen angeben.', 'Please enter a name.')).max(100);
const grant = z.object({ name: z.enum(PERMISSIONS), value: z.enum(['true', 'false']) });

export const idParams = z.object({ id: z.uuid() });
export const memberParams = z.object({ id: z.uuid(), userId: z.uuid() });
export const confirmQuery = z.object({ confirm: z.enum(['true', 'false']).optional() });

export const permissionCatalogue = z.object({
  permissions: z.array(z.object({ name: z.string(), description: z.string() })),
});

export const role = z.object({
  id: z.string(),
  name: z.string(),
  permissions: z.array(z.object({ name: z.string(), value: z.string() })),
  userCount: z.number().int(),
  groupCount: z.number().int(),
});
export const roleList = z.object({ roles: z.array(role) });
export const createRoleRequest = z.object({
  name,
  permissions: z
    .array(grant)
    .max(PERMISSIONS.length * 2)
    .default([]),
});
export const updateRoleRequest = z.object({
  name: name.optional(),
  permissions: z
    .array(grant)
    .max(PERMISSIONS.length * 2)
    .optional(),
});

export const group = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
  memberCount: z.number().int(),
});
export const groupList = z.object({ groups: z.array(group) });
export const groupDetailResponse = z.object({
  group,
  members: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })),
});
export const createGroupRequest = z.object({ name, roleIds: z.array(z.uuid()).max(500).default([]) });
export const updateGroupRequest = z.object({ name: name.optional(), roleIds: z.array(z.uuid()).max(500).optional() });

export const removalPreview = z.object({
  people: z.array(z.object({ id: z.string(), name: z.string(), lost: z.array(z.string()) })),
});

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(200).default(50);

export const auditQuery = z.object({
  from: instant.optional(),
  to: instant.optional(),
  subjectType: z.enum(['rolle', 'gruppe', 'benutzer', 'standort', 'abstellplatz', 'mandant', 'zugriff', 'aufbewahrung']).optional(),
  page,
  pageSize,
});
export const auditResponse = z.object({
  total: z.number().int(),
  entries: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      actorName: z.string(),
      action: z.string(),
      subjectType: z.string(),
      subjectId: z.string(),
      subjectName: z.string(),
      changes: z.array(z.object({ field: z.string(), old: z.string().nullable(), new: z.string().nullable() })),
    }),
  ),
});

export const logQuery = z.object({
  level: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']).optional(),
  category: z.string().trim().min(1).max(100).optional(),
  from: instant.optional(),
  to: instant.optional(),
  page,
  pageSize,
});
export const logResponse = z.object({
  total: z.number().int(),
  entries: z.array(z.object({ id: z.number().int(), at: z.string(), level: z.string(), category: z.string(), message: z.string() })),
});
