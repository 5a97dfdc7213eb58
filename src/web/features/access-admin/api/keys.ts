export const accessKeys = {
  permissions: ['access-admin', 'permissions'] as const,
  roles: ['access-admin', 'roles'] as const,
  groups: ['access-admin', 'groups'] as const,
  group: (id: string) => ['access-admin', 'groups', id] as const,
  people: (search: string) => ['access-admin', 'people', search] as const,
};
