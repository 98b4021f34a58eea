// Served in place of https://appsforoffice.microsoft.com/lib/1/hosted/office.js in the browser
// test: the globals of Excel's shared runtime, with storage and document settings recorded, the
// functions kept so the test can call them as Excel does, the requirement sets this "Excel"
// supports (none unless the test adds some) and the calculations asked of Excel.run.
(() => {
  var items = {};
  window.__mdq = { storage: items, documentSettingsWrites: 0, associated: [], functions: {}, requirementSets: {}, calculations: [] };
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
        workbook: { application: { calculate: (type) => window.__mdq.calculations.push(type) } },
        sync: () => Promise.resolve(),
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
