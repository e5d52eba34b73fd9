export * from './attorney';
export * from './audit';
export * from './files';
export * from './firm';
export * from './jobs';
export * from './outbox';
export * from './requests';
export * from './users';
