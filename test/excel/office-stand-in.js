// Served in place of https://appsforoffice.microsoft.com/lib/1/hosted/office.js in the browser
// test: the globals of Excel's shared runtime, with storage and document settings recorded.
(() => {
  var items = {};
  window.__mdq = { storage: items, documentSettingsWrites: 0, associated: [] };
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
    associate: (id) => {
      window.__mdq.associated.push(id);
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
  window.Office = {
    context: { document: { settings: settings } },
    onReady: (callback) => {
      var info = { host: "Excel", platform: "OfficeOnline" };
      return Promise.resolve().then(() => {
        if (callback) callback(info);
        return info;
      });
    },
  };
})();
