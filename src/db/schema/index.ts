export * from './tenants';
export * from './auth';
export * from './people';
export * from './settings';
export * from './places';
export * from './system';
export * from './vehicles';
export * from './reading-rooms';
