/* Gazetteer default theme: search as you type, from file:// or any server.
   The index is made by Gazetteer (Sources/Search): search/index.js and the files it names,
   each a script calling __gazetteerSearch(name, data). A query loads the few files its words
   need with <script> elements: no fetch, no XMLHttpRequest, so it works from disk.
   Progressive enhancement: the box is hidden until this script shows it.
   Plain ES2018, no dependencies. */
(function () {
  "use strict";

  /* The theme's words (docs/templates.md, "The theme's words"). These are the built-in
     theme's English ones (its words/en.yaml, js_*: a test keeps them the same); a page whose
     words differ carries its own in <script id="gazetteer-words" type="application/json">. */
  var WORDS = {
    search_results: "Search results",
    result_country: "Country",
    result_city: "City",
    result_page: "Page",
    no_results: "No results",
    one_result: "1 result",
    results: "{count} results",
    results_shown: "{count} results, {shown} shown",
    no_results_for: "No results for \u201c{query}\u201d",
    search_unavailable: "Search is not available: its index could not be loaded."
  };
  var ownWords = document.getElementById("gazetteer-words");
  if (ownWords) {
    try {
      // Not named `own`: a var is the whole function's, and would hide the function own() below.
      var given = JSON.parse(ownWords.textContent);
      Object.keys(given).forEach(function (key) { WORDS[key] = given[key]; });
    } catch (error) { /* the English words stay */ }
  }
  function say(key, values) {
    return (WORDS[key] || key).replace(/\{([a-z0-9_]+)\}/g, function (all, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : all;
    });
  }

  var LIMIT = 8;
  var NONE = 255;
  var BODY = 5;
  // About the bytes of a display row, and of an id in an order file (see firstByName).
  var ROW_BYTES = 100;
  var ID_BYTES = 3;

  /* Folding: keep identical to Sources/Search/Folding.swift. */

  var LETTERS = {
    "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "ð": "d", "ı": "i",
    "þ": "th", "ħ": "h", "ŧ": "t", "ŀ": "l", "ſ": "s", "ĳ": "ij", "ς": "σ"
  };
  var SPELLED = /[ßæøœłđðıþħŧŀſĳς]/g;

  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replace(SPELLED, function (letter) {
      return LETTERS[letter];
    });
  }

  function words(text) {
    return fold(text).match(/[\p{L}\p{N}]+/gu) || [];
  }

  /* Loading: every file registers itself under its name. */

  var files = {};
  var pending = {};
  var requested = [];
  var base = "";

  window.__gazetteerSearch = function (name, data) {
    files[name] = data;
  };

  function load(name) {
    if (Object.prototype.hasOwnProperty.call(files, name)) return Promise.resolve(files[name]);
    if (!pending[name]) {
      pending[name] = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = base + "search/" + name + ".js";
        script.onload = function () {
          if (Object.prototype.hasOwnProperty.call(files, name)) resolve(files[name]);
          else reject(new Error("search/" + name + ".js did not register"));
        };
        script.onerror = function () {
          delete pending[name];
          reject(new Error("search/" + name + ".js could not be loaded"));
        };
        requested.push(name);
        document.head.appendChild(script);
      });
    }
    return pending[name];
  }

  /* Postings: see Sources/Search/PostingCoding.swift. */

  var DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  var FIELDS = ".:;<=>";
  var digit = new Int8Array(128).fill(-1);
  var marker = new Int8Array(128).fill(-1);
  for (var d = 0; d < DIGITS.length; d++) digit[DIGITS.charCodeAt(d)] = d;
  for (var f = 0; f < FIELDS.length; f++) marker[FIELDS.charCodeAt(f)] = f;

  /* Lowers best[id] to the field of each posting. */
  function decode(postings, best) {
    var field = 0, id = -1, value = 0, bitmap = false, bit = 0;
    for (var i = 0; i < postings.length; i++) {
      var code = postings.charCodeAt(i);
      if (marker[code] >= 0) {
        field = marker[code];
        id = -1;
        value = 0;
        bit = 0;
        bitmap = postings.charAt(i + 1) === "*";
        if (bitmap) i++;
        continue;
      }
      var n = digit[code];
      if (bitmap) {
        for (var b = 0; b < 6; b++) if (n & (1 << b) && field < best[bit + b]) best[bit + b] = field;
        bit += 6;
      } else if (n >= 32) {
        value = value * 32 + n - 32;
      } else {
        id += value * 32 + n + 1;
        value = 0;
        if (field < best[id]) best[id] = field;
      }
    }
  }

  /* The entry, read once: its maps come as "key hash key hash ...", its lists as hashes of ten
     characters one after the other (see Sources/Search/SearchFiles.swift). */
  function entry(index) {
    if (index.ready) return index;
    ["leaves", "nodes"].forEach(function (label) {
      var parts = index[label] ? index[label].split(" ") : [], map = Object.create(null);
      for (var i = 0; i < parts.length; i += 2) map[parts[i]] = parts[i + 1];
      index[label] = map;
    });
    ["chunks", "order"].forEach(function (label) {
      index[label] = index[label].match(/.{10}/g) || [];
    });
    index.ready = true;
    return index;
  }

  /* Matching: for one query word, the best field each record has a word starting with it in
     (`best`), and the shard that told (`shard`: its "n" lists by name the records whose best
     field there is not the body). */

  var matchCache = {};

  function own(map, key) {
    return Object.prototype.hasOwnProperty.call(map, key);
  }

  /* The file holding the words that start with `word`: the leaf of its longest known prefix,
     or the node that is exactly the word; null when no word starts with it. */
  function shardFor(word, index) {
    var letters = Array.from(word);
    for (var k = letters.length; k > 0; k--) {
      var prefix = letters.slice(0, k).join("");
      if (own(index.leaves, prefix)) return { name: "w/" + index.leaves[prefix], leaf: true };
      if (own(index.nodes, prefix)) return k === letters.length ? { name: "w/" + index.nodes[prefix], leaf: false } : null;
    }
    return null;
  }

  function matches(word, index) {
    if (own(matchCache, word)) return Promise.resolve(matchCache[word]);
    var best = new Uint8Array(index.records).fill(NONE);
    var shard = shardFor(word, index);
    if (!shard) return Promise.resolve({ best: best, shard: null });
    return load(shard.name).then(function (data) {
      if (!shard.leaf) {
        decode(data.s, best);
      } else {
        if (!data.words) {
          data.words = data.w.split(" ");
          data.postings = data.p.split(" ");
        }
        for (var i = 0; i < data.words.length; i++) {
          if (data.words[i].startsWith(word)) decode(data.postings[i], best);
        }
      }
      matchCache[word] = { best: best, shard: data };
      return matchCache[word];
    });
  }

  /* Ranking ties: by name, that is by folded name, then countries before cities, then slug,
     as Swift's SearchState.Record.precedesByName. Strings go in order of code points, as Swift
     compares UTF-8 bytes: UTF-16 units differ only for characters above U+FFFF, whose
     surrogates must come after U+E000-U+FFFF. */
  function compareText(a, b) {
    for (var i = 0; i < a.length && i < b.length; i++) {
      var x = a.charCodeAt(i), y = b.charCodeAt(i);
      if (x === y) continue;
      var xs = x >= 0xD800 && x < 0xE000, ys = y >= 0xD800 && y < 0xE000;
      return xs === ys ? x - y : xs ? 1 : -1;
    }
    return a.length - b.length;
  }

  /* Display rows ([kind, slug, name, ...]) in name order. */
  function byName(a, b) {
    return compareText(fold(a[2]), fold(b[2])) || (a[0] === b[0] ? 0 : a[0] === "country" ? -1 : 1) || compareText(a[1], b[1]);
  }

  function row(id, index) {
    return load("d/" + index.chunks[Math.floor(id / index.chunk)]).then(function (chunk) {
      return chunk.r[id % index.chunk];
    });
  }

  /* The `count` records of `ids`, tied at `rank`, that come first by name. Tied on fields other
     than the body, they are all in the list by name of the first word's shard. Tied on the body:
     by their rows when the rows of those not shown (about a chunk each) weigh less than the order
     files to read, which list every id in name order and are read from the first until `count`
     of the ids are found, about count / ids.length of them. */
  function firstByName(ids, count, rank, match, index) {
    if (ids.length <= count) return Promise.resolve(ids);
    var wanted = new Uint8Array(index.records);
    ids.forEach(function (id) { wanted[id] = 1; });
    var found = [];
    function take(list) {
      for (var i = 0; i < list.length && found.length < count; i++) if (wanted[list[i]]) found.push(list[i]);
      return found.length === count;
    }
    if (Math.floor(rank / 1024) < BODY) {
      if (!match.shard.named) match.shard.named = decodeNumbers(match.shard.n);
      take(match.shard.named);
      return Promise.resolve(found);
    }
    if ((ids.length - count) * index.chunk * ROW_BYTES < count / ids.length * index.records * ID_BYTES) {
      return Promise.all(ids.map(function (id) { return row(id, index); })).then(function (rows) {
        var places = ids.map(function (id, i) { return i; });
        places.sort(function (a, b) { return byName(rows[a], rows[b]); });
        return places.slice(0, count).map(function (i) { return ids[i]; });
      });
    }
    function walk(k) {
      return load("o/" + index.order[k]).then(function (data) {
        if (!data.ids) data.ids = decodeNumbers(data.o);
        return take(data.ids) ? found : walk(k + 1);
      });
    }
    return walk(0);
  }

  /* The ids of an order file or a shard's "n": written as in postings, but each a number, not a gap. */
  function decodeNumbers(text) {
    var numbers = [], value = 0;
    for (var i = 0; i < text.length; i++) {
      var n = digit[text.charCodeAt(i)];
      if (n >= 32) {
        value = value * 32 + n - 32;
      } else {
        numbers.push(value * 32 + n);
        value = 0;
      }
    }
    return numbers;
  }

  /* Every query word must start a word of the record. A record ranks by its worst-matched
     word's field (name, official name, capital, motto, alias, body), then by the sum of its
     fields, then by name. */
  function search(query) {
    var terms = words(query).filter(function (word, i, all) {
      return all.indexOf(word) === i;
    });
    if (!terms.length) return Promise.resolve({ query: query, count: 0, results: [] });
    return load("index").then(entry).then(function (index) {
      return Promise.all(terms.map(function (word) {
        return matches(word, index);
      })).then(function (sets) {
        var n = index.records;
        var ranked = [];
        for (var id = 0; id < n; id++) {
          var worst = 0, sum = 0, found = true;
          for (var s = 0; s < sets.length; s++) {
            var field = sets[s].best[id];
            if (field === NONE) { found = false; break; }
            if (field > worst) worst = field;
            sum += field;
          }
          if (found) ranked.push((worst * 1024 + sum) * n + id);
        }
        ranked.sort(function (a, b) { return a - b; });
        // The first LIMIT by rank: all those of the ranks before the last one taken, and of
        // those tied at that one, the first by name.
        var shown = Math.min(LIMIT, ranked.length);
        var last = shown ? Math.floor(ranked[shown - 1] / n) : 0;
        var rank = {}, above = [], tied = [];
        for (var i = 0; i < ranked.length && Math.floor(ranked[i] / n) <= last; i++) {
          var key = ranked[i];
          rank[key % n] = Math.floor(key / n);
          (rank[key % n] < last ? above : tied).push(key % n);
        }
        return firstByName(tied, shown - above.length, last, sets[0], index).then(function (first) {
          var top = above.concat(first);
          return Promise.all(top.map(function (id) { return row(id, index); })).then(function (rows) {
            var places = top.map(function (id, i) { return i; });
            places.sort(function (a, b) { return rank[top[a]] - rank[top[b]] || byName(rows[a], rows[b]); });
            return Promise.all(places.map(function (i) {
              var bodyTerms = terms.filter(function (word, s) { return sets[s].best[top[i]] === BODY; });
              return describe(rows[i], index, bodyTerms);
            }));
          });
        }).then(function (results) {
          return { query: query, count: ranked.length, results: results };
        });
      });
    });
  }

  function describe(row, index, bodyTerms) {
    var result = {
      kind: row[0], name: row[2], country: row[3],
      url: base + index.pages[row[0]].replace("{slug}", row[1]),
      thumbnail: row[4] ? { src: base + row[4], width: row[5], height: row[6] } : null,
      snippet: null
    };
    if (!bodyTerms.length || !row[7]) return result;
    return load("t/" + row[7]).then(function (text) {
      result.snippet = snippet(text, bodyTerms);
      return result;
    });
  }

  /* The text around the first word starting with one of `terms`, that word marked. */
  function snippet(text, terms) {
    var pattern = /[\p{L}\p{N}\p{M}]+/gu, found;
    while ((found = pattern.exec(text))) {
      var folded = fold(found[0]);
      if (!terms.some(function (term) { return folded.startsWith(term); })) continue;
      var start = Math.max(0, found.index - 50), end = Math.min(text.length, found.index + found[0].length + 70);
      if (start > 0) start = text.indexOf(" ", start) + 1 || start;
      if (end < text.length) end = Math.max(text.lastIndexOf(" ", end), found.index + found[0].length);
      return {
        before: (start > 0 ? "…" : "") + text.slice(start, found.index),
        match: found[0],
        after: text.slice(found.index + found[0].length, end) + (end < text.length ? "…" : "")
      };
    }
    return null;
  }

  window.GazetteerSearch = { fold: fold, words: words, search: search, requested: requested };

  /* The box: a combobox with a listbox of results (WAI-ARIA APG's pattern). */

  var box = document.querySelector("[data-search]");
  var input = box && box.querySelector("input");
  if (!input) return;
  base = box.getAttribute("data-root") || "";

  var listId = (input.id || "search") + "-results";
  var list = document.createElement("ul");
  list.id = listId;
  list.className = "search-results";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", say("search_results"));
  list.hidden = true;
  var status = document.createElement("p");
  status.className = "search-status";
  status.setAttribute("role", "status");
  // What a sighted reader sees when nothing matches (the status says it to screen readers).
  var empty = document.createElement("p");
  empty.className = "search-empty";
  empty.setAttribute("aria-hidden", "true");
  empty.hidden = true;
  box.appendChild(list);
  box.appendChild(empty);
  box.appendChild(status);
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-controls", listId);
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("autocomplete", "off");

  var shown = [];
  var active = -1;
  var sequence = 0;

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function open(isOpen) {
    list.hidden = !isOpen;
    if (!isOpen) empty.hidden = true;
    input.setAttribute("aria-expanded", String(isOpen));
    if (!isOpen) select(-1);
  }

  function select(index) {
    if (active >= 0 && list.children[active]) list.children[active].setAttribute("aria-selected", "false");
    active = index;
    if (active < 0) {
      input.removeAttribute("aria-activedescendant");
      return;
    }
    var option = list.children[active];
    option.setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", option.id);
    option.scrollIntoView({ block: "nearest" });
  }

  function render(answer) {
    shown = answer.results;
    list.textContent = "";
    shown.forEach(function (result, i) {
      var option = element("li", "search-result");
      option.id = listId + "-" + i;
      option.setAttribute("role", "option");
      option.setAttribute("aria-selected", "false");
      var link = element("a");
      link.href = result.url;
      link.tabIndex = -1;
      if (result.thumbnail) {
        var image = element("img", "search-thumb");
        image.src = result.thumbnail.src;
        image.width = result.thumbnail.width;
        image.height = result.thumbnail.height;
        image.alt = "";
        link.appendChild(image);
      } else {
        link.appendChild(element("span", "search-thumb"));
      }
      var text = element("span", "search-text");
      text.appendChild(element("span", "search-name", result.name));
      var kind = result.kind === "country" ? say("result_country") : result.kind === "page" ? say("result_page") : say("result_city");
      text.appendChild(element("span", "search-kind", result.country ? kind + " · " + result.country : kind));
      if (result.snippet) {
        var quote = element("span", "search-snippet", result.snippet.before);
        quote.appendChild(element("mark", "", result.snippet.match));
        quote.appendChild(document.createTextNode(result.snippet.after));
        text.appendChild(quote);
      }
      link.appendChild(text);
      option.appendChild(link);
      list.appendChild(option);
    });
    var count = answer.count;
    status.textContent = !answer.query.trim() ? "" : count === 0 ? say("no_results") : count === 1 ? say("one_result")
      : count > shown.length ? say("results_shown", { count: count, shown: shown.length }) : say("results", { count: count });
    open(shown.length > 0);
    empty.textContent = say("no_results_for", { query: answer.query.trim() });
    empty.hidden = !(answer.query.trim() && count === 0);
    box.dispatchEvent(new CustomEvent("search:results", { detail: { query: answer.query, count: count } }));
  }

  function run() {
    var query = input.value;
    var mine = ++sequence;
    search(query).then(function (answer) {
      if (mine === sequence) render(answer);
    }, function () {
      if (mine !== sequence) return;
      render({ query: query, count: 0, results: [] });
      status.textContent = say("search_unavailable");
    });
  }

  function go(index) {
    if (shown[index]) window.location.href = shown[index].url;
  }

  input.addEventListener("input", run);
  input.addEventListener("focus", function () {
    load("index").catch(function () {});
    if (shown.length && input.value) open(true);
    else if (input.value.trim() && status.textContent === say("no_results")) empty.hidden = false;
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!shown.length) return;
      event.preventDefault();
      if (list.hidden) open(true);
      // Cycles through the results and back to the box itself (-1).
      var places = shown.length + 1, step = event.key === "ArrowDown" ? 1 : -1;
      select(((active + 1 + step) % places + places) % places - 1);
    } else if (event.key === "Enter") {
      if (list.hidden || !shown.length) return;
      event.preventDefault();
      go(active >= 0 ? active : 0);
    } else if (event.key === "Escape") {
      if (!list.hidden) open(false);
      else input.value = "";
      event.preventDefault();
    }
  });
  box.addEventListener("focusout", function (event) {
    if (!box.contains(event.relatedTarget)) open(false);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    event.preventDefault();
    input.focus();
    input.select();
  });
  box.hidden = false;
})();
