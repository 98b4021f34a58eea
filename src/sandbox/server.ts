// Public entry of the sandbox: start a server, build the request handler for another server,
// or run the `mdq serve` command.

export type { Edition } from "./editions";
export { EDITIONS } from "./editions";
export type { HandlerOptions, SandboxHandler } from "./handler";
export { createSandboxHandler } from "./handler";
export { runServe } from "./serve";
export type { Sandbox, SandboxOptions } from "./start";
export { startSandbox } from "./start";
