/** Jest runs the TypeScript sources through ts-jest (transpile only: `npm run typecheck` checks types). */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { isolatedModules: true }] },
  testTimeout: 60000,
};
