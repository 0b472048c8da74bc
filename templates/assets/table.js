/* Gazetteer default theme: sorting and filtering for the table of countries.
   Progressive enhancement only: without this script the table is complete.
   Plain ES2017, no dependencies, no network; works from file://. */
(function () {
  "use strict";

  /* The theme's words (docs/templates.md, "The theme's words"). These are the built-in
     theme's English ones (its words/en.yaml, js_*: a test keeps them the same); a page whose
     words differ carries its own in <script id="gazetteer-words" type="application/json">. */
  var WORDS = {
    filter: "Filter",
    filter_placeholder: "Country, capital or continent",
    no_country_matches: "No country matches \u201c{query}\u201d.",
    shown_of: "{shown} of {total} {countries}",
    count_country: "country",
    count_countries: "countries"
  };
  var ownWords = document.getElementById("gazetteer-words");
  if (ownWords) {
    try {
      var own = JSON.parse(ownWords.textContent);
      Object.keys(own).forEach(function (key) { WORDS[key] = own[key]; });
    } catch (error) { /* the English words stay */ }
  }
  function say(key, values) {
    return (WORDS[key] || key).replace(/\{([a-z0-9_]+)\}/g, function (all, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }

  var table = document.querySelector("table[data-countries]");
  if (!table || !table.tHead || !table.tBodies.length) return;

  var body = table.tBodies[0];
  var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var rows = Array.prototype.slice.call(body.rows);
  var collator = new Intl.Collator(document.documentElement.lang || undefined, {
    sensitivity: "base",
    numeric: true
  });

  rows.forEach(function (row, index) {
    row.dataset.order = String(index);
  });

  function cellValue(row, column) {
    var cell = row.cells[column];
    if (!cell) return "";
    return cell.hasAttribute("data-value") ? cell.getAttribute("data-value") : cell.textContent.trim();
  }

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  /* Sorting */

  var sorted = { column: -1, direction: "" };

  function sortBy(column, direction) {
    var numeric = headers[column].getAttribute("data-sort") === "number";
    var sign = direction === "descending" ? -1 : 1;
    var keyed = rows.map(function (row) {
      var value = cellValue(row, column);
      return { row: row, value: numeric ? parseFloat(value) || 0 : value, order: Number(row.dataset.order) };
    });
    keyed.sort(function (a, b) {
      var result = numeric ? a.value - b.value : collator.compare(a.value, b.value);
      return result !== 0 ? sign * result : a.order - b.order;
    });
    var fragment = document.createDocumentFragment();
    keyed.forEach(function (item) {
      fragment.appendChild(item.row);
    });
    body.appendChild(fragment);

    headers.forEach(function (th, index) {
      if (index === column) th.setAttribute("aria-sort", direction);
      else th.removeAttribute("aria-sort");
    });
    sorted = { column: column, direction: direction };
  }

  headers.forEach(function (th, column) {
    var type = th.getAttribute("data-sort");
    if (!type) return;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "sort-button";
    while (th.firstChild) button.appendChild(th.firstChild);
    var icon = document.createElement("span");
    icon.className = "sort-icon";
    icon.setAttribute("aria-hidden", "true");
    button.appendChild(icon);
    th.appendChild(button);
    button.addEventListener("click", function () {
      var first = type === "number" ? "descending" : "ascending";
      var direction = first;
      if (sorted.column === column) {
        direction = sorted.direction === "ascending" ? "descending" : "ascending";
      }
      sortBy(column, direction);
    });
  });

  /* The rows arrive sorted by name: say so. */
  var nameColumn = headers.findIndex(function (th) {
    return th.classList.contains("col-name");
  });
  if (nameColumn >= 0) {
    headers[nameColumn].setAttribute("aria-sort", "ascending");
    sorted = { column: nameColumn, direction: "ascending" };
  }

  /* Filtering */

  var searchable = headers
    .map(function (th, index) {
      return th.getAttribute("data-sort") === "text" ? index : -1;
    })
    .filter(function (index) {
      return index >= 0;
    });
  var haystacks = new Map();
  rows.forEach(function (row) {
    var text = searchable
      .map(function (column) {
        return row.cells[column] ? row.cells[column].textContent : "";
      })
      .join(" ");
    haystacks.set(row, fold(text));
  });

  var tools = document.querySelector("[data-table-tools]");
  if (!tools) {
    tools = document.createElement("div");
    tools.className = "table-tools";
    var anchor = table.closest(".table-card") || table;
    anchor.parentNode.insertBefore(tools, anchor);
  }
  var id = "country-filter";
  var label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = say("filter");
  var input = document.createElement("input");
  input.type = "search";
  input.id = id;
  input.autocomplete = "off";
  input.spellcheck = false;
  input.placeholder = say("filter_placeholder");
  input.setAttribute("aria-describedby", id + "-status");
  var status = document.createElement("p");
  status.id = id + "-status";
  status.className = "table-status";
  status.setAttribute("role", "status");
  tools.appendChild(label);
  tools.appendChild(input);
  tools.appendChild(status);

  function applyFilter() {
    var query = fold(input.value.trim());
    var terms = query ? query.split(/\s+/) : [];
    var shown = 0;
    rows.forEach(function (row) {
      var text = haystacks.get(row);
      var match = terms.every(function (term) {
        return text.indexOf(term) !== -1;
      });
      row.hidden = !match;
      if (match) shown += 1;
    });
    if (!terms.length) status.textContent = "";
    else if (shown === 0) status.textContent = say("no_country_matches", { query: input.value.trim() });
    else status.textContent = say("shown_of", { shown: shown, total: rows.length,
      countries: say(rows.length === 1 ? "count_country" : "count_countries") });
  }

  input.addEventListener("input", applyFilter);
  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && input.value) {
      input.value = "";
      applyFilter();
    }
  });
})();
