/* Gazetteer edit mode: the browser side of `gazetteer serve --edit`.
   Served by the edit server only (never copied into a built site), after the page's
   `#gazetteer-edit-data` (token, page kind and slug, API base). It builds the controls into
   the page the build rendered: Edit on the Countries table and the City Guide (Delete on
   every row, Add country… / Add city…, Done), Edit on a country's or a city's page (its form
   in place), and a bar at the foot of every page with Undo and the messages.
   The server writes the files and rebuilds; the live-reload event then reloads the page.
   What the editor typed survives that reload (sessionStorage) until it is saved or dropped.
   Plain ES2017, no dependencies. */
(function () {
  "use strict";

  var dataElement = document.getElementById("gazetteer-edit-data");
  if (!dataElement) return;
  var config;
  try {
    config = JSON.parse(dataElement.textContent);
  } catch (error) {
    return;
  }
  var token = config.token;
  var api = config.api || "/__gazetteer/edit/api/";
  var page = config.page || { kind: "other", slug: null };
  /* On a page of another language than the default (fr/countries/france.html), the forms
     edit that language's translation (france.fr.md), and Delete removes the translation. */
  var language = page.language || null;
  function inLanguage(values) {
    if (language) values.language = language;
    return values;
  }

  /* The theme's words in the page's language (docs/templates.md, "The theme's words"): edit
     mode's are those named edit_*, passed in the data above without the prefix. A word may
     have placeholders, {name}, filled from values. */
  var theme = config.words || {};
  function say(key, values) {
    var text = Object.prototype.hasOwnProperty.call(theme, key) ? theme[key] : key;
    return text.replace(/\{([a-z0-9_]+)\}/g, function (all, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }

  var words = {
    country: { folder: "countries", one: "country", add: say("add_country"), added: say("new_country") },
    city: { folder: "cities", one: "city", add: say("add_city"), added: say("new_city") }
  };

  /* Small helpers */

  var counter = 0;
  function uid(prefix) {
    counter += 1;
    return "gz-" + prefix + "-" + counter;
  }

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value === null || value === undefined || value === false) return;
      if (name === "text") node.textContent = value;
      else if (name === "className") node.className = value;
      else if (name === "hidden") node.hidden = true;
      else node.setAttribute(name, value === true ? "" : value);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  function button(label, className, onClick) {
    var node = el("button", { type: "button", className: "gz-button" + (className ? " " + className : ""), text: label });
    if (onClick) node.addEventListener("click", onClick);
    return node;
  }

  function here(url) {
    var a = document.createElement("a");
    a.href = url;
    var path = function (p) { return p.replace(/\/$/, "/index.html"); };
    return path(a.pathname) === path(location.pathname);
  }

  function go(url) {
    if (url && !here(url)) location.assign(url);
  }

  /* Memory across the reload that follows every change (this tab only) */

  var memory = {
    get: function (key) {
      try {
        var text = sessionStorage.getItem("gazetteer-edit:" + key);
        return text === null ? null : JSON.parse(text);
      } catch (error) {
        return null;
      }
    },
    set: function (key, value) {
      try {
        if (value === null) sessionStorage.removeItem("gazetteer-edit:" + key);
        else sessionStorage.setItem("gazetteer-edit:" + key, JSON.stringify(value));
      } catch (error) {
        /* storage full or off: the page still works, it only forgets on reload */
      }
    }
  };
  var draftKey = "draft:" + location.pathname;

  /* Requests: every one carries the session's token and says what it sends */

  function request(method, path, body, type) {
    var options = {
      method: method,
      credentials: "same-origin",
      headers: { "X-Gazetteer-Token": token, "Content-Type": type || "application/json" }
    };
    if (body !== undefined) options.body = type ? body : JSON.stringify(body);
    return fetch(api + path, options).then(function (response) {
      return response.text().then(function (text) {
        var data = {};
        try {
          data = text ? JSON.parse(text) : {};
        } catch (error) {
          data = { error: text };
        }
        return { status: response.status, data: data };
      });
    }, function () {
      return { status: 0, data: { error: say("server_gone") } };
    });
  }

  function query(values) {
    return Object.keys(values).map(function (key) {
      return encodeURIComponent(key) + "=" + encodeURIComponent(values[key]);
    }).join("&");
  }

  function failure(result) {
    if (result.data && result.data.error) return result.data.error;
    if (result.data && result.data.problems) return result.data.problems.map(function (p) { return p.message; }).join(" ");
    return say("server_refused", { status: result.status });
  }

  var optionsPromise = null;
  function loadOptions() {
    if (!optionsPromise) {
      optionsPromise = request("GET", "options").then(function (result) {
        if (result.status !== 200) {
          optionsPromise = null;
          throw new Error(failure(result));
        }
        return result.data;
      });
    }
    return optionsPromise;
  }

  function loadEntry(kind, slug) {
    return request("GET", "entry?" + query(inLanguage({ kind: kind, slug: slug }))).then(function (result) {
      if (result.status !== 200) throw new Error(failure(result));
      return result.data;
    });
  }

  /* The bar at the foot of every page: messages (announced) and Undo */

  var status = el("p", { className: "gz-status", role: "status" });
  var undoButton = button(say("undo"), "", undo);
  undoButton.hidden = true;
  var bar = el("div", { className: "gz-bar", role: "region", "aria-label": say("edit_mode") }, [
    el("span", { className: "gz-bar-title", text: say("edit_mode") }), status, undoButton
  ]);
  document.body.appendChild(bar);
  document.body.classList.add("gz-editing");

  function announce(text, link) {
    status.textContent = "";
    // A new text node each time, so the same words said twice are announced twice.
    window.setTimeout(function () {
      status.textContent = text;
      if (link) {
        status.appendChild(document.createTextNode(" "));
        status.appendChild(el("a", { href: link.url, text: link.text }));
      }
    }, 50);
  }

  /** After a change: Undo is offered, and `text` is said again once the page reloads. */
  function changed(text, link) {
    memory.set("undo", true);
    memory.set("status", { text: text, link: link || null });
    undoButton.hidden = false;
    announce(text, link);
  }

  function undo() {
    undoButton.disabled = true;
    request("POST", "undo", {}).then(function (result) {
      undoButton.disabled = false;
      if (result.status === 200) {
        var text = result.data.undone ? result.data.undone + "." : say("undid_last");
        memory.set("status", { text: text, link: null });
        memory.set(draftKey, null);
        announce(text);
        // A list shows the result where it is; an entry's page may be gone, or another's.
        if (page.kind === "country" || page.kind === "city") go(result.data.url);
      } else if (result.status === 404) {
        memory.set("undo", null);
        undoButton.hidden = true;
        announce(say("nothing_to_undo"));
      } else {
        announce(say("not_undone", { reason: failure(result) }));
      }
    });
  }

  if (memory.get("undo")) undoButton.hidden = false;
  var said = memory.get("status");
  if (said) {
    memory.set("status", null);
    announce(said.text, said.link);
  }

  /* Where the page's entries are: the theme's hooks (data-entry, data-entry-list,
     data-entry-view), else the rows' links. */

  function entryOf(node, kind) {
    var hook = node.getAttribute("data-entry");
    if (hook && hook.indexOf(kind + "/") === 0) return hook.slice(kind.length + 1);
    var link = node.querySelector("a[href]");
    var match = link && link.getAttribute("href").match(new RegExp(words[kind].folder + "/([^/?#]+)\\.html$"));
    return match ? decodeURIComponent(match[1]) : null;
  }

  function nameOf(node) {
    var link = node.querySelector(".row-link") || node.querySelector("a[href]");
    return link ? link.textContent.trim() : "";
  }

  /* Lists: the Countries table and the City Guide */

  function setUpList(kind) {
    var lists = Array.prototype.slice.call(document.querySelectorAll('[data-entry-list="' + kind + '"]'));
    if (!lists.length) {
      lists = Array.prototype.slice.call(document.querySelectorAll(
        kind === "country" ? "table[data-countries] tbody" : "main .list-card"));
    }
    var heading = document.querySelector("main h1");
    if (!heading) return;
    var table = kind === "country" ? (lists[0] && lists[0].closest("table")) : null;
    var editButton = button(say("edit"), "", function () { enter(true); });
    var doneButton = button(say("done"), "gz-button-primary", leave);
    doneButton.hidden = true;
    var tools = el("div", { className: "gz-tools" }, [editButton, doneButton]);
    heading.insertAdjacentElement("afterend", tools);
    var added = [];
    var addButton = null;
    var panel = null;

    function rows() {
      var found = [];
      lists.forEach(function (list) {
        Array.prototype.forEach.call(list.children, function (row) {
          if (!row.classList.contains("gz-added") && entryOf(row, kind)) found.push(row);
        });
      });
      return found;
    }

    function enter(focus) {
      editButton.hidden = true;
      doneButton.hidden = false;
      memory.set("list:" + kind, true);
      document.body.classList.add("gz-list-editing");
      if (table) {
        var th = el("th", { scope: "col", className: "gz-col-actions gz-added" }, [el("span", { className: "visually-hidden", text: say("edit") })]);
        table.tHead.rows[0].appendChild(th);
        added.push(th);
        Array.prototype.forEach.call(table.tBodies, function (body) {
          Array.prototype.forEach.call(body.rows, function (row) {
            if (!entryOf(row, kind)) {
              // A letter row spans the table: one more column.
              var cell = row.cells[0];
              if (cell && cell.colSpan > 1) cell.colSpan += 1;
              return;
            }
            var td = el("td", { className: "gz-col-actions gz-added" });
            offerDelete(td, row);
            row.appendChild(td);
            added.push(td);
          });
        });
        addButton = language ? null : button(words[kind].add, "", openNew);
        var foot = el("tfoot", { className: "gz-added" }, [
          el("tr", {}, [el("td", { colspan: String(table.tHead.rows[0].cells.length), className: "gz-add-cell" }, [addButton || addElsewhere()])])
        ]);
        table.appendChild(foot);
        added.push(foot);
      } else {
        rows().forEach(function (row) {
          var holder = el("span", { className: "gz-row-actions gz-added" });
          offerDelete(holder, row);
          row.appendChild(holder);
          added.push(holder);
        });
        var last = lists[lists.length - 1];
        if (!last) {
          last = el("ul", { className: "list-card gz-added" });
          var empty = document.querySelector("main .empty-note");
          (empty || tools).insertAdjacentElement("afterend", last);
          added.push(last);
          lists.push(last);
        }
        addButton = language ? null : button(words[kind].add, "", openNew);
        var item = el("li", { className: "list-row gz-add-row gz-added" }, [addButton || addElsewhere()]);
        last.appendChild(item);
        added.push(item);
      }
      if (focus) doneButton.focus();
      if (language) askTranslated();
    }

    /* On another language's list, Delete removes an entry's translation: a row whose entry
       has none (its values the default language's) has nothing to delete. Which entries have
       one is the server's to say; their rows get the button once it has. */
    var waiting = [];
    function offerDelete(holder, row) {
      if (language) waiting.push({ holder: holder, row: row });
      else holder.appendChild(deleteButton(row));
    }

    function askTranslated() {
      var rowsNow = waiting;
      waiting = [];
      request("GET", "translations?" + query({ kind: kind, language: language })).then(function (result) {
        if (result.status !== 200) {
          announce(say("no_translations", { reason: failure(result) }));
          return;
        }
        var own = {};
        (result.data.slugs || []).forEach(function (slug) { own[slug] = true; });
        rowsNow.forEach(function (item) {
          // Left edit mode meanwhile: its cell is gone.
          if (!item.holder.isConnected) return;
          if (own[entryOf(item.row, kind)] === true) item.holder.appendChild(deleteButton(item.row));
        });
      }, function (error) {
        announce(say("no_translations", { reason: error.message }));
      });
    }

    /* On another language's list, a new entry is added on the default language's (a
       translation needs its entry): a note leads there. */
    function addElsewhere() {
      var list = kind === "country" ? "/index.html" : "/cities/index.html";
      return el("p", { className: "gz-hint" }, [say(kind === "country" ? "add_country_in_default" : "add_city_in_default") + " ",
        el("a", { href: list, text: words[kind].add })]);
    }

    function leave() {
      added.forEach(function (node) { node.remove(); });
      if (table) {
        Array.prototype.forEach.call(table.tBodies, function (body) {
          Array.prototype.forEach.call(body.rows, function (row) {
            var cell = row.cells[0];
            if (!entryOf(row, kind) && cell && cell.colSpan > 1) cell.colSpan -= 1;
          });
        });
      }
      added = [];
      if (panel) panel.close();
      memory.set("list:" + kind, null);
      document.body.classList.remove("gz-list-editing");
      doneButton.hidden = true;
      editButton.hidden = false;
      editButton.focus();
    }

    function deleteButton(row) {
      var slug = entryOf(row, kind);
      var name = nameOf(row) || slug;
      var node = el("button", { type: "button", className: "gz-button gz-button-danger gz-button-small" }, [
        say(language ? "delete_translation" : "delete"), el("span", { className: "visually-hidden", text: " " + name })
      ]);
      node.addEventListener("click", function () {
        node.disabled = true;
        loadEntry(kind, slug).then(function (entry) {
          return request("POST", "delete", inLanguage({ kind: kind, slug: slug, digest: entry.digest }));
        }).then(function (result) {
          node.disabled = false;
          if (result.status === 200) {
            var next = row.nextElementSibling || row.previousElementSibling;
            row.hidden = true;
            changed(say("deleted", { name: name, file: words[kind].folder + "/" + slug + (language ? "." + language : "") + ".md" }));
            var target = next && next.querySelector("button");
            (target || addButton || doneButton).focus();
            go(result.data.url);
          } else if (result.status === 409) {
            announce(say("not_deleted_changed_now", { file: slug + ".md" }));
          } else {
            announce(say("not_deleted", { reason: failure(result) }));
          }
        }, function (error) {
          node.disabled = false;
          announce(say("not_deleted", { reason: error.message }));
        });
      });
      return node;
    }

    function openNew() {
      if (panel) {
        panel.focus();
        return;
      }
      var anchor = table ? table.closest(".table-card") || table : lists[lists.length - 1];
      var holder = el("section", { className: "gz-panel", "aria-label": words[kind].added });
      anchor.insertAdjacentElement("afterend", holder);
      panel = openForm({ kind: kind, slug: null, holder: holder, onClose: function () {
        holder.remove();
        panel = null;
        if (addButton && addButton.isConnected) addButton.focus();
      } });
    }

    if (memory.get("list:" + kind)) enter(false);
    var draft = memory.get(draftKey);
    if (draft && draft.kind === kind && draft.slug === null) {
      if (editButton.hidden === false) enter(false);
      openNew();
    }
  }

  /* An entry's page: Edit opens its form in place of what the page shows of it */

  function setUpEntry(kind, slug) {
    var article = document.querySelector('[data-entry="' + kind + "/" + cssEscape(slug) + '"]') || document.querySelector("main article") || document.querySelector("main");
    var header = article.querySelector("header") || article.querySelector("h1");
    if (!header) return;
    var views = Array.prototype.slice.call(article.querySelectorAll("[data-entry-view]"));
    if (!views.length) views = Array.prototype.slice.call(article.querySelectorAll(".country-summary, .city-picture, .prose"));
    var editButton = button(say("edit"), "", open);
    var tools = el("div", { className: "gz-tools" }, [editButton]);
    var inHeader = header.tagName !== "H1";
    header.insertAdjacentElement(inHeader ? "beforeend" : "afterend", tools);
    var form = null;

    function open() {
      if (form) return;
      editButton.hidden = true;
      views.forEach(function (view) { view.hidden = true; });
      var holder = el("div", { className: "gz-panel" });
      (inHeader ? header : tools).insertAdjacentElement("afterend", holder);
      form = openForm({ kind: kind, slug: slug, holder: holder, onClose: function () {
        holder.remove();
        form = null;
        views.forEach(function (view) { view.hidden = false; });
        editButton.hidden = false;
        editButton.focus();
      } });
    }

    var draft = memory.get(draftKey);
    if (draft && draft.kind === kind && draft.slug === slug) open();
  }

  function cssEscape(text) {
    return window.CSS && CSS.escape ? CSS.escape(text) : text.replace(/["\\]/g, "\\$&");
  }

  /* The form of one entry, new (slug null) or read from its file */

  function openForm(spec) {
    var kind = spec.kind;
    var holder = spec.holder;
    var handle = { close: close, focus: function () { var f = holder.querySelector("input, select, textarea, button"); if (f) f.focus(); } };
    var loading = el("p", { className: "gz-loading", text: say("opening_form") });
    holder.appendChild(loading);
    var draft = memory.get(draftKey);
    if (draft && (draft.kind !== kind || draft.slug !== spec.slug)) draft = null;
    if (!draft) memory.set(draftKey, { kind: kind, slug: spec.slug, dirty: false });

    Promise.all([loadOptions(), spec.slug ? loadEntry(kind, spec.slug) : Promise.resolve(null)]).then(function (loaded) {
      loading.remove();
      var fresh = loaded[1];
      var restored = draft && draft.dirty ? draft : null;
      // Typed changes are kept over the entry they were typed on: when the file changed on
      // disk meanwhile, Save then shows both versions.
      var base = restored && restored.entry && fresh && restored.entry.digest !== fresh.digest ? restored.entry : fresh;
      build(loaded[0], base, restored, !draft, fresh);
    }, function (error) {
      loading.textContent = say("form_not_opened", { reason: error.message });
      announce(loading.textContent);
    });

    function close() {
      memory.set(draftKey, null);
      holder.replaceChildren();
      spec.onClose();
    }

    function build(options, entry, restored, focusFirst, fresh) {
      var actions = {
        close: close,
        rebuild: function (again, focusLabel) {
          memory.set(draftKey, { kind: kind, slug: spec.slug, dirty: false });
          holder.replaceChildren();
          build(options, again, null, false, again);
          var button = Array.prototype.find.call(holder.querySelectorAll("button"), function (b) { return b.textContent === focusLabel; });
          if (button) button.focus();
        }
      };
      var form = renderForm(kind, spec.slug, options, entry, restored, actions);
      if (restored && restored.saving && fresh && fresh !== entry &&
          same(renderForm(kind, spec.slug, options, fresh, null, actions).readValues(), form.readValues())) {
        form.savedBeforeReload = restored.saving;
      } else if (restored && fresh && fresh !== entry) {
        announce(say("changed_while_editing"));
      }
      holder.replaceChildren(form);
      if (form.savedBeforeReload) {
        // The page reloaded while Save was under way, and the file has what was typed.
        changed(form.savedBeforeReload);
        close();
      } else if (focusFirst) {
        handle.focus();
      }
    }
    return handle;
  }

  /** Label words of the keys the forms know; every other key is shown under its own name. */
  var known = {
    country: [["name", say("name")], ["official_name", say("official_name")], ["capital", say("capital")], ["motto", say("motto")]],
    city: [["name", say("name")]]
  };

  function humanize(key) {
    var text = key.replace(/[_-]+/g, " ").trim();
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function same(a, b) {
    return JSON.stringify(a === undefined ? null : a) === JSON.stringify(b === undefined ? null : b);
  }

  function renderForm(kind, slug, options, entry, restored, actions) {
    var isNew = !entry;
    var original = {};
    var order = [];
    (entry ? entry.fields : []).forEach(function (field) {
      original[field.key] = field.value;
      order.push(field.key);
    });
    var digest = entry ? entry.digest : null;
    var originalBody = entry ? entry.body : "";
    var name = entry ? (typeof original.name === "string" ? original.name : slug) : "";
    // A translation's form (on another language's page): its texts only.
    var translation = entry && entry.translation ? entry.translation : null;
    var fields = [];
    var headingId = uid("heading");
    var form = el("form", { className: "gz-form", "aria-labelledby": headingId, novalidate: true });
    form.appendChild(el("h2", { id: headingId, className: "gz-form-title", tabindex: "-1",
      text: isNew ? words[kind].added : say("edit_name", { name: name }) }));
    if (entry) form.appendChild(el("p", { className: "gz-form-path", text: entry.path }));
    if (translation) {
      var file = entry.path.replace(/^.*\//, "");
      form.appendChild(el("p", { className: "gz-hint gz-translation-note", text: say(translation.exists ? "translation_note" : "translation_new",
        { language: translation.languageName, file: file, entry: translation.entry.replace(/^.*\//, ""), "default": translation.defaultName }) }));
    }
    var formProblems = el("div", { className: "gz-form-problems", tabindex: "-1", hidden: true });
    form.appendChild(formProblems);
    var conflictBox = el("div", { className: "gz-conflict", hidden: true });
    form.appendChild(conflictBox);

    /* Fields */

    function field(key, label, control, hint) {
      var wrapper = el("div", { className: "gz-field" });
      var id = control.id || (control.id = uid("field"));
      wrapper.appendChild(el("label", { for: id, className: "gz-label", text: label }));
      if (hint) {
        var hintNode = el("p", { className: "gz-hint", id: uid("hint"), text: hint });
        control.setAttribute("aria-describedby", hintNode.id);
        wrapper.appendChild(hintNode);
      }
      wrapper.appendChild(control);
      return wrapper;
    }

    /* On a translation's form, a value the translation does not give yet is the default language's: said under its label. */
    function fromDefault(key, hint) {
      var value = key === "body" ? originalBody.trim() : original[key];
      if (!translation || translation.own.indexOf(key) >= 0 || value === undefined || value === null || value === "" ||
        (Array.isArray(value) && !value.length)) return hint;
      return say("from_default", { "default": translation.defaultName });
    }

    function textField(key, label, hint) {
      hint = fromDefault(key, hint);
      var input = el("input", { type: "text", className: "gz-input", autocomplete: "off", spellcheck: key === "name" ? "false" : null });
      var value = original[key];
      input.value = typeof value === "string" ? value : "";
      var wrapper = field(key, label, input, hint);
      fields.push({
        key: key, wrapper: wrapper, focus: input, invalid: [input],
        read: function () { var v = input.value.trim(); return v === "" ? null : v; },
        write: function (v) { input.value = typeof v === "string" ? v : ""; },
        original: function () { return typeof value === "string" && value.trim() !== "" ? value.trim() : null; }
      });
      return wrapper;
    }

    function listField(key, label) {
      var area = el("textarea", { className: "gz-input", rows: "3", spellcheck: "false" });
      var value = original[key];
      var list = Array.isArray(value) ? value : (typeof value === "string" && value !== "" ? [value] : []);
      area.value = list.join("\n");
      var wrapper = field(key, label, area, fromDefault(key, say("one_per_line")));
      fields.push({
        key: key, wrapper: wrapper, focus: area, invalid: [area],
        read: function () {
          var items = area.value.split("\n").map(function (s) { return s.trim(); }).filter(Boolean);
          return items.length ? items : null;
        },
        write: function (v) { area.value = (Array.isArray(v) ? v : []).join("\n"); },
        original: function () { return list.length ? list : null; }
      });
      return wrapper;
    }

    /* A city's position, "latitude, longitude" in one field; a file's flow list [lat, lon] stays a list. */
    function positionField() {
      var value = original.position;
      var asList = Array.isArray(value);
      var text = asList ? value.join(", ") : (typeof value === "string" ? value.trim() : "");
      var input = el("input", { type: "text", className: "gz-input", autocomplete: "off", spellcheck: "false", inputmode: "decimal" });
      input.value = text;
      var wrapper = field("position", say("position"), input, say("position_hint"));
      fields.push({
        key: "position", wrapper: wrapper, focus: input, invalid: [input],
        read: function () { var v = input.value.trim(); return v === "" ? null : v; },
        write: function (v) { input.value = typeof v === "string" ? v : ""; },
        original: function () { return text === "" ? null : text; },
        changes: function (v) {
          if (!asList || v === null) return { position: v };
          return { position: v.split(",").map(function (part) { return part.trim(); }) };
        }
      });
      return wrapper;
    }

    function continentsField() {
      var singular = typeof original.continent === "string" && original.continents === undefined;
      var chosen = singular ? [original.continent] : (Array.isArray(original.continents) ? original.continents : []);
      var names = (options.continents || []).map(function (c) { return c.name; });
      chosen.forEach(function (c) { if (names.indexOf(c) < 0) names.push(c); });
      var legendId = uid("legend");
      var group = el("fieldset", { className: "gz-field gz-choices", "aria-labelledby": legendId }, [
        el("legend", { id: legendId, className: "gz-label", text: say("continents") })
      ]);
      var boxes = names.map(function (continent) {
        var box = el("input", { type: "checkbox", id: uid("continent"), value: continent });
        box.checked = chosen.indexOf(continent) >= 0;
        group.appendChild(el("div", { className: "gz-choice" }, [box, el("label", { for: box.id, text: continent })]));
        return box;
      });
      fields.push({
        key: "continents", aliases: ["continent"], wrapper: group, focus: boxes[0] || group, invalid: boxes, describe: group,
        read: function () {
          var on = boxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
          return on.length ? on : null;
        },
        write: function (v) { boxes.forEach(function (b) { b.checked = Array.isArray(v) && v.indexOf(b.value) >= 0; }); },
        original: function () { return chosen.length ? chosen : null; },
        changes: function (value) {
          if (!singular) return { continents: value };
          if (value && value.length === 1) return { continent: value[0] };
          return value ? { continent: null, continents: value } : { continent: null };
        }
      });
      return group;
    }

    function countryField() {
      var select = el("select", { className: "gz-input" });
      var value = typeof original.country === "string" ? original.country : "";
      select.appendChild(el("option", { value: "", text: say("choose_country") }));
      var slugs = (options.countries || []).map(function (c) { return c.slug; });
      if (value && slugs.indexOf(value) < 0) select.appendChild(el("option", { value: value, text: say("not_in_guide", { value: value }) }));
      (options.countries || []).forEach(function (c) {
        select.appendChild(el("option", { value: c.slug, text: c.name }));
      });
      select.value = value;
      var wrapper = field("country", say("country"), select);
      fields.push({
        key: "country", wrapper: wrapper, focus: select, invalid: [select],
        read: function () { return select.value || null; },
        write: function (v) { select.value = typeof v === "string" ? v : ""; },
        original: function () { return value || null; }
      });
      return wrapper;
    }

    function pictureField(key, label) {
      var value = typeof original[key] === "string" && original[key] !== "" ? original[key] : null;
      var current = value;
      var labelId = uid("label");
      var valueId = uid("value");
      var preview = el("span", { className: "gz-picture-preview", "aria-hidden": "true" });
      var shown = el("span", { id: valueId, className: "gz-picture-value" });
      var opener = el("button", { type: "button", className: "gz-button gz-picture-button", id: uid("picture"),
        "aria-haspopup": "dialog", "aria-labelledby": labelId + " " + valueId },
        [preview, shown, el("span", { className: "gz-picture-choose", "aria-hidden": "true", text: say("choose") })]);
      var wrapper = el("div", { className: "gz-field" }, [el("span", { className: "gz-label", id: labelId, text: label }), opener]);
      var uploaded = {};

      function thumbOf(path) {
        if (uploaded[path]) return uploaded[path];
        var url = null;
        (options.flags || []).forEach(function (section) {
          section.countries.forEach(function (c) { if (c.flag === path && c.thumb) url = c.thumb; });
        });
        if (key === "picture") pictureChoices(options).forEach(function (p) { if (p.value === path && p.thumb) url = p.thumb; });
        return url;
      }

      function show() {
        shown.textContent = current || (key === "flag" ? say("no_flag") : say("no_picture"));
        preview.replaceChildren();
        var thumb = current && thumbOf(current);
        if (thumb) preview.appendChild(el("img", { src: thumb, alt: "" }));
        preview.hidden = !thumb;
      }
      show();

      opener.addEventListener("click", function () {
        openPicker({
          kind: kind, key: key, options: options, current: current, opener: opener,
          slug: function () { return slug || fileSlug(); },
          choose: function (path, localURL) {
            if (localURL) uploaded[path] = localURL;
            current = path;
            show();
            remember();
          }
        });
      });
      fields.push({
        key: key, wrapper: wrapper, focus: opener, invalid: [], describe: opener,
        read: function () { return current; },
        write: function (v) { current = typeof v === "string" ? v : null; show(); },
        original: function () { return value; }
      });
      return wrapper;
    }

    var fileInput = null;
    var fileEdited = false;
    var fileHint = null;
    function fileSlug() { return fileInput ? fileInput.value.trim() : slug; }
    function fileNameField() {
      fileInput = el("input", { type: "text", className: "gz-input", autocomplete: "off", spellcheck: "false" });
      var wrapper = field("slug", say("file_name"), fileInput, " ");
      fileHint = wrapper.querySelector(".gz-hint");
      function hint(taken, problem) {
        var shownName = fileInput.value.trim() || "…";
        fileHint.textContent = problem ? problem : say(taken ? "file_taken" : "file_made", { file: "content/" + words[kind].folder + "/" + shownName + ".md" });
        fileHint.classList.toggle("gz-warning", !!(taken || problem));
      }
      hint(false);
      fileInput.addEventListener("input", function () { fileEdited = fileInput.value.trim() !== ""; hint(false); });
      fields.push({
        key: "slug", wrapper: wrapper, focus: fileInput, invalid: [fileInput], notAField: true,
        read: function () { return fileInput.value.trim() || null; },
        write: function (v) { fileInput.value = v || ""; hint(false); },
        original: function () { return null; }
      });
      fileInput.suggest = function (text) {
        if (fileEdited) return;
        if (!text) { fileInput.value = ""; hint(false); return; }
        request("GET", "slug?" + query({ kind: kind, name: text })).then(function (result) {
          if (result.status !== 200 || fileEdited) return;
          fileInput.value = result.data.slug;
          hint(result.data.taken, result.data.problem);
          remember();
        });
      };
      return wrapper;
    }

    var body = el("textarea", { className: "gz-input gz-body", rows: "12", spellcheck: "true" });
    body.value = originalBody;
    var previewBox = el("div", { className: "gz-preview", hidden: true });
    function bodyField() {
      var wrapper = field("body", say("text"), body, fromDefault("body", say("text_hint")));
      var previewButton = button(say("preview"), "gz-button-small", function () {
        previewButton.disabled = true;
        request("POST", "preview", inLanguage({ kind: kind, slug: slug || fileSlug() || "", body: body.value })).then(function (result) {
          previewButton.disabled = false;
          if (result.status === 200) {
            previewBox.hidden = false;
            previewBox.replaceChildren(el("h3", { className: "gz-preview-title", text: say("preview") }));
            var prose = el("div", { className: "prose" });
            prose.innerHTML = result.data.html || "";
            var problems = result.data.problems || [];
            problems.forEach(function (p) {
              previewBox.appendChild(el("p", { className: "gz-problem", text: p.message }));
            });
            previewBox.appendChild(prose);
            announce(problems.length ? say(problems.length === 1 ? "preview_problem" : "preview_problems",
              { count: problems.length, problems: problems.map(function (p) { return p.message; }).join(" ") }) : say("preview_updated"));
          } else {
            announce(say("no_preview", { reason: failure(result) }));
          }
        });
      });
      wrapper.appendChild(el("div", { className: "gz-field-actions" }, [previewButton]));
      wrapper.appendChild(previewBox);
      fields.push({
        key: "body", wrapper: wrapper, focus: body, invalid: [body], notAField: true,
        read: function () { return body.value; },
        write: function (v) { body.value = typeof v === "string" ? v : ""; },
        original: function () { return originalBody; }
      });
      return wrapper;
    }

    var used = {};
    known[kind].forEach(function (pair) {
      used[pair[0]] = true;
      form.appendChild(textField(pair[0], pair[1]));
      if (pair[0] === "name" && isNew) form.appendChild(fileNameField());
    });
    if (translation) {
      // What is the entry's in every language is changed on the default language's page.
      form.appendChild(el("p", { className: "gz-hint gz-shared-note" }, [
        say(kind === "country" ? "shared_country" : "shared_city", { "default": translation.defaultName }) + " ",
        el("a", { href: translation.defaultURL, text: say("on_default_page", { "default": translation.defaultName }) })
      ]));
    } else if (kind === "country") {
      used.continents = used.continent = used.flag = true;
      form.appendChild(continentsField());
      form.appendChild(pictureField("flag", say("flag")));
      used.iso = true;
      form.appendChild(textField("iso", say("iso_code"), say("iso_hint")));
    } else {
      used.country = used.picture = used.position = true;
      form.appendChild(countryField());
      form.appendChild(pictureField("picture", say("picture")));
      form.appendChild(positionField());
    }
    used.aliases = true;
    form.appendChild(listField("aliases", say("aliases")));
    order.forEach(function (key) {
      if (used[key]) return;
      used[key] = true;
      var value = original[key];
      if (Array.isArray(value)) form.appendChild(listField(key, humanize(key)));
      else if (typeof value === "string" || value === null) form.appendChild(textField(key, humanize(key)));
      else form.appendChild(el("p", { className: "gz-hint", text: say("edit_in_file", { label: humanize(key), key: key }) }));
    });
    form.appendChild(bodyField());

    var nameField = fields[0];
    if (isNew) {
      var timer = null;
      nameField.focus.addEventListener("input", function () {
        window.clearTimeout(timer);
        var text = nameField.focus.value.trim();
        timer = window.setTimeout(function () { fileInput.suggest(text); }, 200);
      });
    }

    /* Buttons */

    var saveButton = el("button", { type: "submit", className: "gz-button gz-button-primary", text: say("save"), "aria-keyshortcuts": "Control+Enter" });
    var buttons = el("div", { className: "gz-actions" }, [saveButton]);
    if (!isNew) {
      buttons.appendChild(button(say("revert"), "", revert));
      if (!translation) {
        buttons.appendChild(button(say("delete"), "gz-button-danger", remove));
        // The file's name is the entry's in every language: renamed on the default language's page.
        buttons.appendChild(button(say("rename_file"), "", rename));
      } else if (translation.exists) {
        buttons.appendChild(button(say("delete_translation"), "gz-button-danger", remove));
      }
    }
    buttons.appendChild(button(say("close"), "", actions.close));
    form.appendChild(buttons);
    var renameBox = el("div", { className: "gz-rename", hidden: true });
    form.appendChild(renameBox);

    /* Reading the form */

    function values() {
      var all = {};
      fields.forEach(function (f) { all[f.key] = f.read(); });
      return all;
    }

    function changes() {
      var out = {};
      fields.forEach(function (f) {
        if (f.notAField) return;
        var value = f.read();
        if (same(value, f.original())) return;
        var parts = f.changes ? f.changes(value) : (function () { var o = {}; o[f.key] = value; return o; })();
        Object.keys(parts).forEach(function (k) { out[k] = parts[k]; });
      });
      return out;
    }

    function dirty() {
      return fields.some(function (f) { return !same(f.read(), f.original()); });
    }

    function remember() {
      memory.set(draftKey, { kind: kind, slug: slug, dirty: dirty(), entry: entry && { digest: digest, fields: entry.fields, body: entry.body, path: entry.path, translation: entry.translation || null },
        values: values(), fileEdited: fileEdited });
    }
    form.addEventListener("input", remember);
    form.addEventListener("change", remember);

    form.readValues = values;
    if (restored) {
      fields.forEach(function (f) { if (f.key in restored.values) f.write(restored.values[f.key]); });
      fileEdited = !!restored.fileEdited;
      remember();
      if (dirty()) announce(say("changes_kept"));
    }

    /* Problems: next to their field, and said */

    function clearProblems() {
      Array.prototype.forEach.call(form.querySelectorAll(".gz-problem"), function (node) {
        var owner = form.querySelector('[aria-describedby~="' + node.id + '"]');
        if (owner) {
          var rest = owner.getAttribute("aria-describedby").split(/\s+/).filter(function (id) { return id !== node.id; });
          if (rest.length) owner.setAttribute("aria-describedby", rest.join(" "));
          else owner.removeAttribute("aria-describedby");
        }
        node.remove();
      });
      Array.prototype.forEach.call(form.querySelectorAll('[aria-invalid="true"]'), function (node) { node.removeAttribute("aria-invalid"); });
      formProblems.hidden = true;
      formProblems.replaceChildren();
    }

    function fieldFor(key) {
      if (key === "text") key = "body";
      return fields.find(function (f) { return f.key === key || (f.aliases && f.aliases.indexOf(key) >= 0); });
    }

    function showProblems(problems) {
      clearProblems();
      var first = null;
      problems.forEach(function (problem) {
        var target = problem.field ? fieldFor(problem.field) : null;
        var message = el("p", { className: "gz-problem", id: uid("problem"), text: problem.message });
        if (!target) {
          formProblems.hidden = false;
          formProblems.appendChild(message);
          first = first || formProblems;
          return;
        }
        target.wrapper.appendChild(message);
        var described = target.describe ? [target.describe] : target.invalid;
        described.forEach(function (node) {
          var ids = (node.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
          ids.push(message.id);
          node.setAttribute("aria-describedby", ids.join(" "));
        });
        target.invalid.forEach(function (node) { node.setAttribute("aria-invalid", "true"); });
        first = first || target.focus;
      });
      announce(say(problems.length === 1 ? "not_saved_problem" : "not_saved_problems",
        { count: problems.length, problems: problems.map(function (p) { return p.message; }).join(" ") }));
      if (first) first.focus();
    }

    /* Saving */

    var busy = false;
    function save(withDigest) {
      if (busy) return;
      clearProblems();
      var payload;
      var path;
      if (isNew) {
        var all = {};
        fields.forEach(function (f) {
          if (f.notAField) return;
          var value = f.read();
          if (value !== null) all[f.key] = value;
        });
        var newSlug = fileSlug();
        if (!newSlug) {
          showProblems([{ field: "slug", message: say("give_file_name") }]);
          return;
        }
        payload = { kind: kind, slug: newSlug, fields: all, body: body.value };
        path = "create";
      } else {
        var edits = changes();
        payload = inLanguage({ kind: kind, slug: slug, digest: typeof withDigest === "string" ? withDigest : digest, fields: edits });
        if (body.value !== originalBody) payload.body = body.value;
        if (!Object.keys(edits).length && payload.body === undefined) {
          announce(say("nothing_to_save"));
          return;
        }
        path = "save";
      }
      busy = true;
      saveButton.disabled = true;
      if (!isNew) {
        var marked = memory.get(draftKey) || {};
        marked.saving = say("saved", { name: payload.fields.name || name });
        memory.set(draftKey, marked);
      }
      request("POST", path, payload).then(function (result) {
        busy = false;
        saveButton.disabled = false;
        var shownName = (payload.fields.name || name || payload.slug);
        if (result.status !== 200) remember();
        if (result.status === 200) {
          memory.set(draftKey, null);
          digest = result.data.deleted ? "" : result.data.digest || digest;
          if (isNew) {
            changed(say("added", { name: shownName, file: words[kind].folder + "/" + payload.slug + ".md" }),
              result.data.url ? { url: result.data.url, text: say("open_its_page") } : null);
          } else if (result.data.deleted) {
            // The translation held nothing more: the server deleted it (Undo brings it back).
            changed(say("translation_emptied", { file: entry.path.replace(/^.*\//, ""), "default": translation ? translation.defaultName : "" }));
          } else {
            changed(say("saved", { name: shownName }));
          }
        } else if (result.status === 409 && result.data.conflict) {
          showConflict(result.data.conflict);
        } else if (result.status === 409 && isNew) {
          showProblems([{ field: "slug", message: failure(result) }]);
        } else if (result.status === 422 && result.data.problems) {
          showProblems(result.data.problems);
        } else {
          announce(say("not_saved", { reason: failure(result) }));
        }
      });
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      save();
    });
    form.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") return;
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        save();
        return;
      }
      // Return in a one-line field does not send the form by accident.
      if (event.target.tagName === "INPUT" && event.target.type !== "checkbox") event.preventDefault();
    });

    /* A conflict: the file changed on disk since the form was read */

    function showConflict(conflict) {
      conflictBox.hidden = false;
      var titleId = uid("conflict");
      function side(title, text) {
        var id = uid("version");
        return el("div", { className: "gz-version" }, [
          el("h3", { id: id, text: title }),
          el("pre", { tabindex: "0", role: "region", "aria-labelledby": id, text: text })
        ]);
      }
      var keepMine = button(say("keep_mine"), "gz-button-primary", function () {
        conflictBox.hidden = true;
        conflictBox.replaceChildren();
        save(conflict.digest);
      });
      var keepFile = button(say("keep_files"), "", function () {
        conflictBox.hidden = true;
        conflictBox.replaceChildren();
        revert();
      });
      conflictBox.replaceChildren(
        el("h3", { id: titleId, className: "gz-conflict-title", tabindex: "-1", text: say("conflict_title") }),
        el("p", { text: say("conflict_text") }),
        el("div", { className: "gz-versions" }, [side(say("your_version"), conflict.mine || ""), side(say("file_on_disk"), conflict.disk || "")]),
        el("div", { className: "gz-actions" }, [keepMine, keepFile])
      );
      announce(say("not_saved_conflict"));
      conflictBox.querySelector("h3").focus();
    }

    /* Revert, Delete, Rename */

    function revert() {
      loadEntry(kind, slug).then(function (fresh) {
        actions.rebuild(fresh, say("revert"));
        announce(say("reverted"));
      }, function (error) {
        announce(say("not_reverted", { reason: error.message }));
      });
    }

    function remove() {
      request("POST", "delete", inLanguage({ kind: kind, slug: slug, digest: digest })).then(function (result) {
        if (result.status === 200) {
          memory.set(draftKey, null);
          changed(say("deleted", { name: name, file: translation ? entry.path.replace(/^content\//, "") : words[kind].folder + "/" + slug + ".md" }));
          go(result.data.url);
        } else if (result.status === 409) {
          announce(say("not_deleted_conflict"));
        } else if (result.status === 422 && result.data.problems) {
          showProblems(result.data.problems);
        } else {
          announce(say("not_deleted", { reason: failure(result) }));
        }
      });
    }

    function rename() {
      if (!renameBox.hidden) {
        renameBox.querySelector("input").focus();
        return;
      }
      if (dirty()) {
        showProblems([{ field: null, message: say("save_before_rename") }]);
        return;
      }
      var folder = words[kind].folder;
      var input = el("input", { type: "text", className: "gz-input", autocomplete: "off", spellcheck: "false" });
      input.value = slug;
      var wrapper = field("newSlug", say("new_file_name"), input,
        say("rename_hint", { folder: "content/" + folder }));
      var address = el("p", { className: "gz-hint gz-address", id: uid("hint") });
      function showAddress() {
        var newSlug = input.value.trim();
        address.textContent = newSlug && newSlug !== slug
          ? say("address_changes", { old: folder + "/" + slug + ".html", "new": folder + "/" + newSlug + ".html" })
          : say("address_is", { address: folder + "/" + slug + ".html" });
      }
      showAddress();
      wrapper.appendChild(address);
      var hints = input.getAttribute("aria-describedby") + " " + address.id;
      input.setAttribute("aria-describedby", hints);
      input.addEventListener("input", showAddress);
      var go_ = button(say("rename"), "gz-button-primary", function () {
        Array.prototype.forEach.call(wrapper.querySelectorAll(".gz-problem"), function (n) { n.remove(); });
        input.removeAttribute("aria-invalid");
        input.setAttribute("aria-describedby", hints);
        var newSlug = input.value.trim();
        if (!newSlug || newSlug === slug) {
          announce(say("type_new_name"));
          input.focus();
          return;
        }
        request("POST", "rename", { kind: kind, slug: slug, newSlug: newSlug, digest: digest }).then(function (result) {
          if (result.status === 200) {
            memory.set(draftKey, null);
            changed(say("renamed", { old: folder + "/" + slug + ".md", "new": newSlug + ".md" }));
            go(result.data.url);
          } else {
            var message = result.data && result.data.conflict
              ? say("rename_conflict") : failure(result);
            var problem = el("p", { className: "gz-problem", id: uid("problem"), text: message });
            wrapper.appendChild(problem);
            input.setAttribute("aria-invalid", "true");
            input.setAttribute("aria-describedby", hints + " " + problem.id);
            announce(say("not_renamed", { reason: message }));
            input.focus();
          }
        });
      });
      var opener = Array.prototype.find.call(buttons.children, function (b) { return b.textContent === say("rename_file"); });
      var cancel = button(say("cancel"), "", function () {
        renameBox.hidden = true;
        renameBox.replaceChildren();
        opener.focus();
      });
      input.addEventListener("keydown", function (event) {
        if (event.key === "Enter") { event.preventDefault(); event.stopPropagation(); go_.click(); }
        if (event.key === "Escape") { event.preventDefault(); event.stopPropagation(); cancel.click(); }
      });
      renameBox.replaceChildren(wrapper, el("div", { className: "gz-actions" }, [go_, cancel]));
      renameBox.hidden = false;
      input.focus();
      input.select();
    }

    return form;
  }

  /* The picker: a flag from the gallery's sections, a picture from content/, or an upload */

  /** The cities' pictures in content/, each { value, name, thumb } (thumb: the build's, when a city shows it). */
  function pictureChoices(options) {
    return options.pictureChoices || (options.pictures || []).map(function (path) {
      return { value: path, name: path.replace(/^pictures\//, ""), thumb: null };
    });
  }

  function openPicker(spec) {
    var isFlag = spec.key === "flag";
    var titleId = uid("picker");
    var dialog = el("dialog", { className: "gz-picker", "aria-labelledby": titleId });
    var closeButton = button(say("close"), "gz-button-small", function () { dialog.close(); });
    var problem = el("p", { className: "gz-problem", id: uid("problem"), hidden: true });
    var fileInput = el("input", { type: "file", id: uid("upload"), accept: "image/*", className: "gz-file" });
    fileInput.setAttribute("aria-describedby", problem.id);

    function choose(value, localURL) {
      spec.choose(value, localURL);
      dialog.close();
      spec.opener.focus();
    }

    fileInput.addEventListener("change", function () {
      var file = fileInput.files && fileInput.files[0];
      if (!file) return;
      var slug = spec.slug();
      problem.hidden = true;
      fileInput.removeAttribute("aria-invalid");
      if (!slug) {
        fail(say("type_name_first"));
        return;
      }
      announce(say("uploading", { file: file.name }));
      request("POST", "upload?" + query({ kind: spec.kind, slug: slug }), file, file.type || "application/octet-stream").then(function (result) {
        if (result.status === 200 && result.data.value) {
          announce(say("uploaded", { file: file.name, value: result.data.value }));
          choose(result.data.value, URL.createObjectURL(file));
        } else {
          fail(failure(result));
        }
      });
    });

    function fail(message) {
      problem.textContent = message;
      problem.hidden = false;
      fileInput.setAttribute("aria-invalid", "true");
      announce(say("not_uploaded", { reason: message }));
      fileInput.focus();
    }

    var content = [
      el("div", { className: "gz-picker-head" }, [el("h2", { id: titleId, text: isFlag ? say("choose_flag") : say("choose_picture") }), closeButton]),
      el("div", { className: "gz-field gz-upload" }, [
        el("label", { for: fileInput.id, className: "gz-label", text: say("upload_picture") }), fileInput, problem
      ])
    ];

    function choice(value, label, thumb) {
      var node = el("button", { type: "button", className: "gz-choice-button", "aria-pressed": value === spec.current ? "true" : "false" },
        [thumb ? el("img", { src: thumb, alt: "" }) : null, el("span", { text: label })]);
      node.addEventListener("click", function () { choose(value); });
      return node;
    }

    var none = choice(null, isFlag ? say("no_flag") : say("no_picture"), null);
    none.classList.add("gz-choice-none");
    content.push(el("div", { className: "gz-picker-none" }, [none]));
    if (isFlag) {
      (spec.options.flags || []).forEach(function (section) {
        var headingId = uid("section");
        var list = el("ul", { className: "gz-choice-grid" });
        section.countries.forEach(function (c) {
          list.appendChild(el("li", {}, [choice(c.flag, c.name, c.thumb)]));
        });
        content.push(el("section", { className: "gz-picker-section", "aria-labelledby": headingId }, [
          el("h3", { id: headingId, text: section.heading }), list
        ]));
      });
    } else {
      var pictures = pictureChoices(spec.options);
      var list = el("ul", { className: "gz-choice-grid gz-choice-pictures" });
      pictures.forEach(function (p) {
        var node = choice(p.value, p.name, p.thumb);
        if (!p.thumb) node.insertBefore(el("span", { className: "gz-choice-nothumb", "aria-hidden": "true" }), node.firstChild);
        list.appendChild(el("li", {}, [node]));
      });
      var headingId = uid("section");
      content.push(el("section", { className: "gz-picker-section", "aria-labelledby": headingId }, [
        el("h3", { id: headingId, text: say("pictures_in", { folder: "content/" + words[spec.kind].folder }) }),
        pictures.length ? list : el("p", { className: "gz-hint", text: say("none_yet") })
      ]));
    }
    content.forEach(function (node) { dialog.appendChild(node); });
    dialog.addEventListener("close", function () {
      dialog.remove();
      if (spec.opener.isConnected) spec.opener.focus();
    });
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close(); // a click on the backdrop
    });
    document.body.appendChild(dialog);
    dialog.showModal();
    var selected = dialog.querySelector('[aria-pressed="true"]');
    (selected || fileInput).focus();
  }

  /* Start */

  if (page.kind === "countries") setUpList("country");
  else if (page.kind === "cities") setUpList("city");
  else if ((page.kind === "country" || page.kind === "city") && page.slug) setUpEntry(page.kind, page.slug);
})();
