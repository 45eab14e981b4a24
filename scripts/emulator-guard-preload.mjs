// Loaded into the Auth emulator's Node process by the launcher (NODE_OPTIONS=--import), before
// firebase-tools: puts ./emulator-guard.mjs in front of every HTTP server that process opens (the
// emulator's private API port, the hub, logging), whatever firebase-tools version builds them and
// however (Express, ws). It wraps the server's events rather than any firebase-tools module, so
// an upgrade of firebase-tools cannot route around it. The policy comes from the launcher in
// EMBEDDED_EMULATOR_GUARD; a server on a port it does not name answers no browser.
import http from 'node:http';
import { GUARD_ENV, policyForPort, refuseRequest, refuseSocket } from './emulator-guard.mjs';

const serialized = process.env[GUARD_ENV];
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function (event, ...args) {
  // Every way a request reaches a listener: 'request', or with `Expect:` headers the check events.
  if (event === 'request' || event === 'checkContinue' || event === 'checkExpectation') {
    if (refuseRequest(args[0], args[1], policyForPort(serialized, this.address()?.port))) return true;
  } else if (event === 'upgrade' || event === 'connect') {
    if (refuseSocket(args[0], args[1], policyForPort(serialized, this.address()?.port))) return true;
  }
  return emit.call(this, event, ...args);
};
