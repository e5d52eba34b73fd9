export * from './attorney';
export * from './audit';
export * from './files';
export * from './firm';
export * from './outbox';
export * from './rate-limits';
export * from './requests';
export * from './users';
