export * from './auth';
export * from './practices';
export * from './professionals';
export * from './mail';
export * from './rate-limits';
export * from './shifts';
export * from './files';
export * from './marketplace';
