// Public entry of the sandbox: start a server, build the request handler for another server,
// or run the `mdq serve` command.
export { startSandbox } from "./start";
export type { Sandbox, SandboxOptions } from "./start";

export { createSandboxHandler } from "./handler";
export type { HandlerOptions, SandboxHandler } from "./handler";

export { runServe } from "./serve";
