// Preloaded (`node --import`) into a server the benchmark starts that listens on a port alone (all
// interfaces), such as the Portkey gateway: its servers listen on 127.0.0.1 instead.
import { Server } from 'node:net';

const listen = Server.prototype.listen;
Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\d+$/.test(args[0]))) {
    const callback = args.find((arg) => typeof arg === 'function');
    return listen.call(this, Number(args[0]), '127.0.0.1', ...(callback ? [callback] : []));
  }
  if (
    args[0] &&
    typeof args[0] === 'object' &&
    args[0].path === undefined &&
    args[0].fd === undefined &&
    !args[0]._handle
  )
    args[0] = { ...args[0], host: '127.0.0.1' };
  return listen.apply(this, args);
};
