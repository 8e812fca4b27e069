// The products slice's public face: its handlers, and the campus sale price as pricing's list price
// source (a campus's enabled sale of a course's product, at the price valid on the order's day; the
// composition root puts it on deps.ports.pricing).

export { productsHandlers } from './handlers.js';
export { salePriceOfCourse } from './service.js';
