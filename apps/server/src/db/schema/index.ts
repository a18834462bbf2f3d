// One file per domain; each mirrors its migration in migrations/.
export * from './foundation';
export * from './team';
export * from './terminals';
export * from './policies';
export * from './ledger';
export * from './withdrawals';
export * from './hot-update';
export * from './operators';
export * from './rank';
export * from './mall';
export * from './credit';
export * from './reward-schemes';
export * from './channels';
export * from './tax-channel-changes';
export * from './messages';
export * from './exports';
export * from './support';
