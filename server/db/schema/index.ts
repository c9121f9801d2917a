export * from './auth';
export * from './schools';
export * from './subscriptions';
export * from './ai';
export * from './files';
export * from './bots';
export * from './saved';
export * from './classes';
