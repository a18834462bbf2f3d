// The mall's order use cases, one per file; named here together for the callers that take them
// as a set (the jobs, the tests). The routes import each from its own file.
export { cancelOwnOrder } from './cancel-own-order';
export { createOrder } from './create-order';
export { expireUnpaidOrders } from './expire-unpaid-orders';
export { getOrder } from './get-order';
export { listOrders } from './list-orders';
export type { Buyer } from './order-row';
export { payOrder } from './pay-order';
export { quoteOrder } from './quote-order';
export { serialNo } from './serial-no';
