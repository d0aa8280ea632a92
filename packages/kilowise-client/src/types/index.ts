export type * from './config';
export type * from './locations';
export type * from './devices';
export type * from './status';
export type * from './smart-charging';
export type * from './smart-heating';
export type * from './integrations';
export type * from './spot-prices';
