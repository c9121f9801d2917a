export * from './auth';
export * from './schools';
export * from './subscriptions';
