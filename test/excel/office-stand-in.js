// Served in place of https://appsforoffice.microsoft.com/lib/1/hosted/office.js in the browser
// test: the globals of Excel's shared runtime, with storage and document settings recorded.
(function () {
  var items = {};
  window.__mdq = { storage: items, documentSettingsWrites: 0, associated: [] };
  window.OfficeRuntime = {
    storage: {
      getItem: function (k) {
        return Promise.resolve(Object.prototype.hasOwnProperty.call(items, k) ? items[k] : null);
      },
      setItem: function (k, v) {
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
    associate: function (id) {
      window.__mdq.associated.push(id);
    },
    Error: ErrorStandIn,
    ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A" },
  };
  var settings = {
    set: function () {
      window.__mdq.documentSettingsWrites++;
    },
    saveAsync: function () {
      window.__mdq.documentSettingsWrites++;
    },
    get: function () {
      return null;
    },
  };
  window.Office = {
    context: { document: { settings: settings } },
    onReady: function (callback) {
      var info = { host: "Excel", platform: "OfficeOnline" };
      return Promise.resolve().then(function () {
        if (callback) callback(info);
        return info;
      });
    },
  };
})();
