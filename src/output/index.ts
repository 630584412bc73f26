export * from './io.js';
export * from './style.js';
export * from './render.js';
export * from './chart.js';
export * from './messages.js';
export { sanitize, displayWidth, stripAnsi } from './text.js';
