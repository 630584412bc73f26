// Two modules of undici instead of its index: the index also loads fetch,
// WebSocket, cache and mock modules, which the CLI never uses and which cost
// about 60 ms of start-up (measured: bench/run.js, and `node -e` of each).
declare module 'undici/lib/dispatcher/agent.js' {
  import type { Agent } from 'undici';
  const AgentClass: typeof Agent;
  export default AgentClass;
}

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  /** Dispatcher.prototype.request, called with the agent as `this`. */
  function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export default request;
}
