/* The API's documentation page (/api/v1/docs): start Swagger UI on the OpenAPI document.
   Its files are served by the app (scorekeeper/api/docs.py); no CDN, no inline script. */
(function () {
  "use strict";
  var root = document.getElementById("swagger-ui");
  if (!root || typeof window.SwaggerUIBundle !== "function") return;
  window.ui = window.SwaggerUIBundle({
    url: root.getAttribute("data-openapi"),
    domNode: root,
    deepLinking: true,
    layout: "BaseLayout", // no top bar: nothing to type another document's address into
    presets: [window.SwaggerUIBundle.presets.apis],
    validatorUrl: null, // never send the document to validator.swagger.io
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
  });
})();
