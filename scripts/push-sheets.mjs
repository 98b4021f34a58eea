// npm run push:sheets: checks what clasp needs before anything is built (clasp itself would say
// "Project settings not found." or "No credentials found." only after the build), one line each,
// then builds the Sheets bundle and runs clasp push. Run from the project's folder, as npm does.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
};

/** What stops clasp push from working here, each with what to do; empty when nothing does. */
export function pushProblems(dir = process.cwd(), home = homedir()) {
  const problems = [];
  const project = join(dir, ".clasp.json");
  const settings = existsSync(project) ? readJson(project) : undefined;
  if (!existsSync(project)) {
    problems.push(
      "no .clasp.json: cp .clasp.json.example .clasp.json, then paste your script's ID into it (Extensions > Apps Script > Project Settings; docs/sheets.md)",
    );
  } else if (
    !settings ||
    typeof settings.scriptId !== "string" ||
    !/^[\w-]{20,}$/.test(settings.scriptId) ||
    settings.scriptId.startsWith("PASTE-")
  ) {
    problems.push(
      '.clasp.json has no script ID: paste your script\'s ID as "scriptId" (Extensions > Apps Script > Project Settings; docs/sheets.md)',
    );
  } else if (settings.rootDir !== "dist/sheets") {
    problems.push(
      `.clasp.json's rootDir is ${JSON.stringify(settings.rootDir)}: set it to "dist/sheets", where the build writes the script`,
    );
  }
  const login = readJson(join(home, ".clasprc.json"));
  const loggedIn = login && (Object.keys(login.tokens ?? {}).length > 0 || login.token || login.access_token);
  if (!loggedIn)
    problems.push(
      "clasp is not logged in: run npx clasp login (and turn on the Apps Script API at https://script.google.com/home/usersettings)",
    );
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = pushProblems();
  for (const problem of problems) console.error(`push:sheets: ${problem}`);
  if (problems.length) process.exit(1);
  const run = (command, args) => spawnSync(command, args, { stdio: "inherit" }).status ?? 1;
  const built = run(process.execPath, ["scripts/build.mjs", "sheets"]);
  process.exit(built === 0 ? run("npx", ["clasp", "push"]) : built);
}
