/* The API's documentation page (/api/v1/docs): start Swagger UI on the OpenAPI document.
   Its files are served by the app (scorekeeper/api/docs.py); no CDN, no inline script. */
(function () {
  "use strict";
  var root = document.getElementById("swagger-ui");
  if (!root || typeof window.SwaggerUIBundle !== "function") return;
  window.ui = window.SwaggerUIBundle({
    url: root.getAttribute("data-openapi"),
    domNode: root,
    // no deep links: Swagger UI puts each one inside the operation's button, a link nested in
    // a control that screen readers cannot reach (axe-core: nested-interactive)
    deepLinking: false,
    layout: "BaseLayout", // no top bar: nothing to type another document's address into
    presets: [window.SwaggerUIBundle.presets.apis],
    validatorUrl: null, // never send the document to validator.swagger.io
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    syntaxHighlight: { activated: false }, // its colours on dark grey fall short of 4.5:1
  });
  // What Swagger UI draws, made reachable: its title is an h1 and its sections h3, h4...,
  // with no h2 between, so a screen reader's outline would skip a level (each heading is said
  // one level up instead); an example that scrolls sideways takes the keyboard's focus, so it
  // can be scrolled without a mouse; each operation's responses (a region) are named by it;
  // the servers' list, whose label holds nothing but the list, is named as its title says.
  var mend = function () {
    root.querySelectorAll("select#servers:not([aria-label])").forEach(function (list) {
      list.setAttribute("aria-label", "Servers");
    });
    root.querySelectorAll("table.responses-table[role=region]:not([aria-label])").forEach(function (t) {
      var op = t.closest(".opblock"), method = op && op.querySelector(".opblock-summary-method");
      var path = op && op.querySelector(".opblock-summary-path");
      if (method && path) t.setAttribute("aria-label", "Responses of " + method.textContent + " " + path.textContent);
    });
    root.querySelectorAll("h3, h4, h5, h6").forEach(function (h) {
      if (!h.hasAttribute("aria-level")) h.setAttribute("aria-level", String(Number(h.tagName[1]) - 1));
    });
    root.querySelectorAll("pre").forEach(function (pre) {
      if (!pre.hasAttribute("tabindex")) pre.setAttribute("tabindex", "0");
    });
  };
  new MutationObserver(mend).observe(root, { childList: true, subtree: true });
})();
