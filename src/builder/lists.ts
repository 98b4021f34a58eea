// The service's own lists (sub-sectors, SGX and KLSE sectors, tags) as pick lists, fetched through
// the host's run of LIST when a field first needs one, once per list and builder: the host's
// cache keeps the answer a day besides (LIST's lifetime), so a reopened pane asks nothing.
import type { BuilderHost, ServiceList } from "./host";

export class ServiceLists {
  private readonly fetched = new Map<string, Promise<readonly (readonly unknown[])[]>>();

  constructor(private readonly host: Pick<BuilderHost, "run">) {}

  /** The distinct values of the list's column, in the service's order; none when the list fails
   *  (the field then takes typed text, as it always does). */
  values(list: ServiceList): Promise<string[]> {
    let table = this.fetched.get(list.kind);
    if (!table) {
      table = this.host.run("LIST", [list.kind], "pick list").then((answer) => {
        // A failure is not kept: the next field that needs the list asks again.
        if (answer.error) this.fetched.delete(list.kind);
        return answer.cells;
      });
      this.fetched.set(list.kind, table);
    }
    return table.then(([header = [], ...rows]) => {
      const at = header.indexOf(list.column);
      if (at < 0) return [];
      return [...new Set(rows.map((r) => r[at]).filter((v): v is string => typeof v === "string" && v !== ""))];
    });
  }
}
