// Served in place of https://appsforoffice.microsoft.com/lib/1/hosted/office.js in the browser
// test: the globals of Excel's shared runtime, with storage and document settings recorded, the
// functions kept so the test can call them as Excel does, the requirement sets this "Excel"
// supports (none unless the test adds some) and the calculations asked of Excel.run.
// A worksheet (Sheet1) of cells with an active cell, as strict as Office.js documents it: a
// property is read only after load() and a context.sync() (else PropertyNotLoaded), a write
// (Range.formulas, a 2-D array the size of the range) and an event handler take effect at sync,
// Workbook.getActiveCell (ExcelApi 1.7), Worksheet.getRange, Workbook.onSelectionChanged
// (ExcelApi 1.2, its handlers called with the workbook). The test selects a cell with
// __mdq.select(address) and gives a formula's value with __mdq.values[address].
(() => {
  var items = {};
  window.__mdq = {
    storage: items,
    documentSettingsWrites: 0,
    associated: [],
    functions: {},
    requirementSets: {},
    calculations: [],
    // The sheet: address → what was typed or written (a formula or a constant); its formulas' values.
    cells: {},
    values: {},
    active: "A1",
    formulaWrites: [],
    selectionHandlers: [],
    select: (address) => {
      window.__mdq.active = address;
      for (const handler of window.__mdq.selectionHandlers.slice()) handler({ workbook: {}, type: "WorkbookSelectionChanged" });
    },
  };
  const SHEET = "Sheet1";
  const officeError = (code, message) => Object.assign(new Error(message), { name: "RichApi.Error", code: code });
  const column = (name) => [...name].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
  const letters = (index) => {
    let s = "";
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    return s;
  };
  /** "A1" or "Sheet1!$A$1:B2" → its corners; another sheet's address is refused as Excel does. */
  const corners = (address) => {
    const bang = address.lastIndexOf("!");
    if (bang >= 0 && address.slice(0, bang).replace(/^'|'$/g, "") !== SHEET)
      throw officeError("ItemNotFound", "The requested resource doesn't exist.");
    const m = /^\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/.exec(address.slice(bang + 1).toUpperCase());
    if (!m) throw officeError("InvalidArgument", "The argument is invalid or missing or has an incorrect format.");
    const top = { row: Number(m[2]) - 1, col: column(m[1]) };
    const bottom = m[3] ? { row: Number(m[4]) - 1, col: column(m[3]) } : top;
    return { top: top, bottom: bottom };
  };
  /** A Range proxy: reads need load() then sync(); formulas written are applied at sync. */
  const range = (context, address) => {
    const c = corners(address);
    const cellsOf = () => {
      const rows = [];
      for (let r = c.top.row; r <= c.bottom.row; r++) {
        const row = [];
        for (let k = c.top.col; k <= c.bottom.col; k++) row.push(letters(k) + (r + 1));
        rows.push(row);
      }
      return rows;
    };
    const text = (a) => (Object.hasOwn(window.__mdq.cells, a) ? window.__mdq.cells[a] : "");
    const read = {
      address: () =>
        `${SHEET}!${letters(c.top.col)}${c.top.row + 1}${address.includes(":") ? `:${letters(c.bottom.col)}${c.bottom.row + 1}` : ""}`,
      formulas: () => cellsOf().map((row) => row.map(text)),
      values: () =>
        cellsOf().map((row) =>
          row.map((a) => (Object.hasOwn(window.__mdq.values, a) ? window.__mdq.values[a] : /^=/.test(text(a)) ? 0 : text(a))),
        ),
    };
    const loaded = {};
    const wanted = [];
    const target = {
      load: (props) => {
        const names = typeof props === "string" ? props.split(",") : Array.isArray(props) ? props : Object.keys(props || {});
        for (const name of names) {
          if (!Object.hasOwn(read, name.trim())) throw officeError("InvalidArgument", `Cannot load ${name}`);
          wanted.push(name.trim());
        }
        context.queue.push(() => {
          for (const name of wanted) loaded[name] = read[name]();
        });
        return proxy;
      },
    };
    const proxy = new Proxy(target, {
      get: (t, name) => {
        if (Object.hasOwn(t, name)) return t[name];
        if (Object.hasOwn(read, name)) {
          if (!Object.hasOwn(loaded, name))
            throw officeError(
              "PropertyNotLoaded",
              `The property '${String(name)}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
            );
          return loaded[name];
        }
        return undefined;
      },
      set: (_t, name, value) => {
        if (name !== "formulas") throw officeError("InvalidArgument", `The stand-in writes formulas only, not ${String(name)}`);
        const shape = cellsOf();
        context.queue.push(() => {
          if (
            !Array.isArray(value) ||
            value.length !== shape.length ||
            value.some((row, i) => !Array.isArray(row) || row.length !== shape[i].length)
          )
            throw officeError(
              "InvalidArgument",
              "The number of rows or columns in the input array doesn't match the size or dimensions of the range.",
            );
          for (const [i, row] of shape.entries())
            for (const [k, a] of row.entries()) {
              window.__mdq.cells[a] = String(value[i][k]);
              window.__mdq.formulaWrites.push({ address: a, formula: String(value[i][k]) });
            }
        });
        return true;
      },
    });
    return proxy;
  };
  window.OfficeRuntime = {
    storage: {
      getItem: (k) => Promise.resolve(Object.hasOwn(items, k) ? items[k] : null),
      setItem: (k, v) => {
        items[k] = String(v);
        return Promise.resolve();
      },
    },
  };
  function ErrorStandIn(code, message) {
    this.code = code;
    this.message = message;
  }
  window.CustomFunctions = {
    associate: (id, fn) => {
      window.__mdq.associated.push(id);
      // When the last function was registered (the bench's cold start, scripts/bench/cold-start.ts).
      window.__mdq.associatedAt = performance.now();
      window.__mdq.functions[id] = fn;
    },
    Error: ErrorStandIn,
    ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
  };
  var settings = {
    set: () => {
      window.__mdq.documentSettingsWrites++;
    },
    saveAsync: () => {
      window.__mdq.documentSettingsWrites++;
    },
    get: () => null,
  };
  var requirements = {
    // Versions here are "1.N": comparing the minor number is enough.
    isSetSupported: (name, version) => {
      var have = Object.hasOwn(window.__mdq.requirementSets, name) ? window.__mdq.requirementSets[name] : null;
      return have !== null && Number(have.split(".")[1]) >= Number((version || "1.1").split(".")[1]);
    },
  };
  window.Excel = {
    CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
    run: (batch) => {
      var context = {
        queue: [],
        sync: () =>
          Promise.resolve().then(() => {
            var work = context.queue.splice(0);
            for (var step of work) step();
          }),
      };
      var worksheet = { getRange: (address) => range(context, address || "A1") };
      context.workbook = {
        application: { calculate: (type) => window.__mdq.calculations.push(type) },
        getActiveCell: () => range(context, window.__mdq.active),
        worksheets: {
          getActiveWorksheet: () => worksheet,
          getItem: (name) => {
            if (name !== SHEET) throw officeError("ItemNotFound", "The requested resource doesn't exist.");
            return worksheet;
          },
        },
        onSelectionChanged: {
          add: (handler) => {
            context.queue.push(() => window.__mdq.selectionHandlers.push(handler));
            return {
              remove: () =>
                context.queue.push(() => window.__mdq.selectionHandlers.splice(window.__mdq.selectionHandlers.indexOf(handler), 1)),
            };
          },
        },
      };
      return Promise.resolve().then(() => batch(context));
    },
  };
  window.Office = {
    context: { document: { settings: settings }, requirements: requirements },
    onReady: (callback) => {
      var info = { host: "Excel", platform: "OfficeOnline" };
      return Promise.resolve().then(() => {
        if (callback) callback(info);
        return info;
      });
    },
  };
})();
