/** Query keys of the driving-licence data, shared by the examiner's page, the menu badge and the settings dialog. */
export const licenceKeys = {
  all: ['driving-licences'] as const,
  dueCount: ['driving-licences', 'due-count'] as const,
  own: ['driving-licences', 'me'] as const,
  list: (params: object) => ['driving-licences', 'list', params] as const,
  history: (userId: string) => ['driving-licences', 'history', userId] as const,
};
