import { boolean, foreignKey, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { authUser } from './auth';
import { tenants } from './tenants';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** Abteilung. */
export const departments = pgTable(
  'departments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

/** Benutzer: an identity's membership in one tenant. */
export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    authUserId: text('auth_user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    employeeId: text('employee_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** 'aktiv' or 'inaktiv'; only aktiv users may sign in (docs/product.md#people-groups-and-roles). */
    status: text('status').notNull().default('aktiv'),
    departmentId: uuid('department_id'),
    /** Signed in through the tenant's single sign-on (docs/product.md#sign-in-and-session: marked in their membership, migration 0022). */
    singleSignOn: boolean('single_sign_on').notNull().default(false),
    /** The directory entry the sync took this member from; they sign in by bind against it (decision 223, migration 0045). */
    directoryDn: text('directory_dn'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique().on(t.tenantId, t.email),
    unique().on(t.tenantId, t.authUserId),
    foreignKey({ columns: [t.tenantId, t.departmentId], foreignColumns: [departments.tenantId, departments.id] }),
  ],
);

export const groups = pgTable(
  'groups',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

export const roles = pgTable(
  'roles',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

/** Permission catalogue (docs/product.md#permissions): global, the fourteen stored names. */
export const permissions = pgTable('permissions', {
  name: text('name').primaryKey(),
  description: text('description').notNull(),
  defaultValue: text('default_value').notNull().default('false'),
  type: text('type').notNull().default('boolean'),
});

const permissionName = () =>
  text('permission_name')
    .notNull()
    .references(() => permissions.name);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: tenantId(),
    roleId: uuid('role_id').notNull(),
    permissionName: permissionName(),
    /** The text 'true' grants; anything else does not (docs/product.md#permissions). */
    value: text('value').notNull().default('true'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.permissionName] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
  ],
);

export const userPermissions = pgTable(
  'user_permissions',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    permissionName: permissionName(),
    value: text('value').notNull().default('true'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.permissionName] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    roleId: uuid('role_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    groupId: uuid('group_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.groupId] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [groups.tenantId, groups.id] }).onDelete('cascade'),
  ],
);

export const groupRoles = pgTable(
  'group_roles',
  {
    tenantId: tenantId(),
    groupId: uuid('group_id').notNull(),
    roleId: uuid('role_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.groupId, t.roleId] }),
    foreignKey({ columns: [t.tenantId, t.groupId], foreignColumns: [groups.tenantId, groups.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
  ],
);

/** A person's private calendar subscription (migration 0018): only the SHA-256 of the secret token is stored. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    unique().on(t.tenantId, t.tokenHash),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
