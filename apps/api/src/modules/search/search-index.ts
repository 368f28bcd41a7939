import { grownFor, IntList } from '../../platform/typed-arrays.ts';
import { isStopWord, searchWords, typoBudget } from './search-words.ts';

/**
 * The in-memory search index (docs/decisions/050-forgiving-search.md): a trie of every word in
 * shown books' titles, authors and genres, English and Arabic (decision 091), searched with a Damerau–Levenshtein automaton, and
 * per word the books it appears in. Pure: the catalogue index keeps it in step with the database.
 */

export type IndexedBook = {
  id: number;
  title: string;
  /** The Arabic title (decision 091), its words indexed as title words beside the English. */
  titleAr?: string | null;
  /** Names in either language: an author's English and Arabic names both find the book. */
  authorNames: string[];
  genreNames: string[];
  rating: number;
};

/** Where a word appears in a book; a posting stores these bits below the book's slot. */
const TITLE = 1;
const AUTHOR = 2;
const GENRE = 4;
const FIELD_BITS = 3;

/** Query words looked at; the rest of a pasted paragraph is ignored. */
const MAX_QUERY_WORDS = 10;
/** Words a prefix or typo may stand for, the likeliest kept (as Meilisearch caps derivations). */
const MAX_DERIVATIONS = 64;
/** Words visited while expanding a short prefix, before choosing the likeliest. */
const MAX_PREFIX_VISITS = 2000;

/** Up to this many best books are kept by insertion; more are sorted at once. */
const INSERTION_LIMIT = 100;
/** Past every slot: what a finished list's next slot reads as. */
const NO_SLOT = 0x7fffffff;

/** Names' words, remembered for this many distinct names: a catalogue repeats its authors and genres. */
const NAME_WORDS_MEMO = 20_000;

type TrieNode = { children: Map<string, TrieNode>; term: number };
const trieNode = (): TrieNode => ({ children: new Map(), term: -1 });

/** A word of the index standing for a query word: `cost` is typos × 2, plus 1 if only its start matched. */
type Derivation = { postings: Int32Array; cost: number; term: number };

/**
 * Books a query word matches, in slot order, and per book its best code: `cost << 2 | field
 * rank` (cost at most 7, so a code fits a byte).
 */
type Matches = { slots: Int32Array; codes: Uint8Array };
const NO_MATCHES: Matches = { slots: new Int32Array(0), codes: new Uint8Array(0) };

/** Field of a posting as a rank: title 0, author 1, genre 2. */
const fieldRank = (fields: number) => (fields & TITLE ? 0 : fields & AUTHOR ? 1 : 2);

/** A rating as ranking reads it: hundredths from 0 to 500. */
const hundredths = (rating: number) => Math.round(Math.min(Math.max(rating, 0), 5) * 100);

/**
 * The low bits of a book's ranking key (see `best`): fewer typos, better fields, higher rating.
 * Among books matching the same words the higher key ranks first.
 */
const bookKey = (cost: number, field: number, rating: number) =>
  (127 - Math.min(cost, 127)) * 2 ** 15 + (63 - Math.min(field, 63)) * 2 ** 9 + hundredths(rating);

/** Books of the leading word looked at before a search of several words ranks every book instead. */
const MAX_FULL_MATCH_WALK = 5_000;

export class SearchIndex {
  private readonly root = trieNode();
  private readonly postings: IntList[] = [];
  /** Book id and rating per slot; a changed book gets a new slot and its old one dies. */
  private slotBook = new Int32Array(1024);
  private slotRating = new Float64Array(1024);
  private slots = 0;
  private alive = new Uint8Array(1024);
  /** Slot + 1 by book id (0: not indexed): ids are dense, so an array beats a Map by far. */
  private slotOf = new Int32Array(1024);
  private books = 0;
  private readonly nameWords = new Map<string, string[]>();
  /** Titles made only of stop words ('It', 'The Them'), by their words: what a query of only such words finds. */
  private readonly stopWordTitles = new Map<string, Set<number>>();
  /** Per term, its postings best first (`impactOf`), sorted when first searched for; dropped when they change. */
  private impact: (Int32Array | undefined)[] = [];

  /** Books in the index. */
  get size(): number {
    return this.books;
  }

  /** Slots of changed or removed books, still held in memory (in postings) until a rebuild. */
  get deadSlots(): number {
    return this.slots - this.books;
  }

  upsert(book: IndexedBook): void {
    this.remove(book.id);
    const slot = this.slots++;
    this.slotBook = grownFor(this.slotBook, slot);
    this.slotRating = grownFor(this.slotRating, slot);
    this.alive = grownFor(this.alive, slot);
    this.slotOf = grownFor(this.slotOf, book.id);
    this.slotBook[slot] = book.id;
    this.slotRating[slot] = book.rating;
    this.alive[slot] = 1;
    this.slotOf[book.id] = slot + 1;
    this.books++;

    const wordFields = new Map<string, number>();
    const addWords = (words: string[], field: number) => {
      for (const word of words) if (!isStopWord(word)) wordFields.set(word, (wordFields.get(word) ?? 0) | field);
    };
    const add = (text: string, field: number) => addWords(searchWords(text), field);
    const addName = (text: string, field: number) => {
      let words = this.nameWords.get(text);
      if (!words) {
        if (this.nameWords.size >= NAME_WORDS_MEMO) this.nameWords.clear();
        this.nameWords.set(text, (words = searchWords(text)));
      }
      addWords(words, field);
    };
    const titles = book.titleAr ? [book.title, book.titleAr] : [book.title];
    for (const title of titles) {
      const titleWords = searchWords(title);
      if (titleWords.length > 0 && titleWords.every(isStopWord)) {
        const key = titleWords.join(' ');
        this.stopWordTitles.set(key, (this.stopWordTitles.get(key) ?? new Set()).add(slot));
      }
      add(title, TITLE);
    }
    for (const name of book.authorNames) addName(name, AUTHOR);
    for (const name of book.genreNames) addName(name, GENRE);
    for (const [word, fields] of wordFields) {
      const term = this.termOf(word);
      this.postings[term]!.push((slot << FIELD_BITS) | fields);
      this.impact[term] = undefined;
    }
  }

  remove(bookId: number): void {
    const slot = (this.slotOf[bookId] ?? 0) - 1;
    if (slot < 0) return;
    this.alive[slot] = 0;
    this.slotOf[bookId] = 0;
    this.books--;
  }

  setRating(bookId: number, rating: number): void {
    const slot = (this.slotOf[bookId] ?? 0) - 1;
    if (slot < 0 || this.slotRating[slot] === rating) return;
    this.slotRating[slot] = rating;
    // Every word's best-first order may have moved: each is sorted again when next searched for.
    this.impact = [];
  }

  /**
   * The index without its dead slots: every posting list keeps its live postings, renumbered, so
   * no book's words need reading again (decision 096).
   */
  compact(): void {
    const newSlot = new Int32Array(this.slots);
    let live = 0;
    for (let slot = 0; slot < this.slots; slot++) {
      if (!this.alive[slot]) {
        newSlot[slot] = -1;
        continue;
      }
      newSlot[slot] = live;
      this.slotBook[live] = this.slotBook[slot]!;
      this.slotRating[live] = this.slotRating[slot]!;
      this.slotOf[this.slotBook[live]!] = live + 1;
      live++;
    }
    this.alive = new Uint8Array(Math.max(1024, live)).fill(1, 0, live);
    this.slotBook = this.slotBook.slice(0, Math.max(1024, live));
    this.slotRating = this.slotRating.slice(0, Math.max(1024, live));
    this.slots = live;
    for (const list of this.postings) {
      let kept = 0;
      for (let i = 0; i < list.length; i++) {
        const posting = list.data[i]!;
        const slot = newSlot[posting >>> FIELD_BITS]!;
        if (slot >= 0) list.data[kept++] = (slot << FIELD_BITS) | (posting & ((1 << FIELD_BITS) - 1));
      }
      list.length = kept;
      list.data = list.data.slice(0, Math.max(4, kept));
    }
    this.impact = [];
    for (const [key, titleSlots] of this.stopWordTitles) {
      const kept = new Set<number>();
      for (const slot of titleSlots) if (newSlot[slot]! >= 0) kept.add(newSlot[slot]!);
      if (kept.size) this.stopWordTitles.set(key, kept);
      else this.stopWordTitles.delete(key);
    }
  }

  /** Ready for `books` more books without growing its arrays one step at a time. */
  reserve(books: number): void {
    const last = this.slots + books - 1;
    this.slotBook = grownFor(this.slotBook, last);
    this.slotRating = grownFor(this.slotRating, last);
    this.alive = grownFor(this.alive, last);
  }

  /**
   * Up to `limit` book ids, best first. Ranking rules in order: more query words matched (and,
   * among as many, the rarer ones: the commonest words are the first dropped), fewer typos (an
   * exact word before a completed prefix), title before author before genre, higher rating.
   */
  search(keyword: string, limit: number): number[] {
    const query = this.queryWords(keyword);
    if (!Array.isArray(query)) return this.stopWordTitlePage(query.stopWords, 0, limit).ids;
    return (
      this.bestFullMatches(query, limit) ??
      this.best(
        query.map((word) => this.matchesOfWord(word)),
        limit,
        0,
      ).ids
    );
  }

  /**
   * One page of every book the keyword finds, in the order `search` ranks them (so its first page
   * is what the dropdown lists), and how many it finds in all: every book matching at least one
   * of its meaningful words. Stop words count only inside a run-together or split word
   * ('warand', 'mo by'); a keyword of stop words alone finds the titles made of exactly those words.
   */
  searchPage(keyword: string, offset: number, limit: number): { ids: number[]; total: number } {
    const query = this.queryWords(keyword);
    if (!Array.isArray(query)) return this.stopWordTitlePage(query.stopWords, offset, limit);
    const ids = this.bestFullMatches(query, offset + limit)?.slice(offset);
    if (ids) return { ids, total: this.countMatches(query) };
    return this.best(
      query.map((word) => this.matchesOfWord(word)),
      offset + limit,
      offset,
    );
  }

  /** How many live books any of the words matches: each marked once in a bitmap of slots. */
  private countMatches(words: Derivation[][]): number {
    const marked = new Uint32Array((this.slots >>> 5) + 1);
    let count = 0;
    for (const word of words)
      for (const { postings } of word)
        for (const posting of postings) {
          const slot = posting >>> FIELD_BITS;
          const bit = 1 << (slot & 31);
          if (marked[slot >>> 5]! & bit || !this.alive[slot]) continue;
          marked[slot >>> 5]! |= bit;
          count++;
        }
    return count;
  }

  /**
   * What each query word may stand for, or, for a keyword of stop words alone, those words (they
   * find the titles made of exactly them). Ten words at most; none for an empty keyword.
   */
  private queryWords(keyword: string): Derivation[][] | { stopWords: string[] } {
    const typed = searchWords(keyword).slice(0, MAX_QUERY_WORDS);
    if (typed.length === 0) return [];
    const derivations = typed.map((word, i) => (isStopWord(word) ? [] : this.derive(word, i === typed.length - 1, 0)));
    this.addSplitsAndJoins(typed, derivations);
    // A stop word left with nothing to stand for is no query word: it neither matches nor weighs.
    const words = derivations.filter((found, i) => found.length > 0 || !isStopWord(typed[i]!));
    return words.length === 0 ? { stopWords: typed } : words;
  }

  private stopWordTitlePage(words: string[], offset: number, limit: number): { ids: number[]; total: number } {
    const slots = [...(this.stopWordTitles.get(words.join(' ')) ?? [])].filter((slot) => this.alive[slot]);
    slots.sort((a, b) => this.slotRating[b]! - this.slotRating[a]! || this.slotBook[a]! - this.slotBook[b]!);
    return { ids: slots.slice(offset, offset + limit).map((slot) => this.slotBook[slot]!), total: slots.length };
  }

  /**
   * The best `limit` books matching every query word that matches any book, found without
   * scoring them all (decision 105): the word with the fewest books leads, its books met best
   * first (fewest typos, best field, highest rating), each looked up in the other words' lists,
   * and the walk stops once no book still to come could beat the last one kept. Among such books
   * the ranking is the full one's, so the answer is the same; undefined when fewer than `limit`
   * books match every word (books matching fewer words are then ranked too) or when the walk
   * meets too many books that do not.
   */
  private bestFullMatches(words: Derivation[][], limit: number): number[] | undefined {
    const matching = words.filter((word) => word.some(({ postings }) => postings.length > 0));
    if (matching.length === 0 || limit > INSERTION_LIMIT) return undefined;
    const sizes = matching.map((word) => word.reduce((sum, { postings }) => sum + postings.length, 0));
    const lead = sizes.indexOf(Math.min(...sizes));
    const others = matching.filter((_, i) => i !== lead);
    // The least cost and field rank any book can have in the other words, for the bound.
    let otherCost = 0;
    let otherField = 0;
    for (const word of others) {
      const present = word.filter(({ postings }) => postings.length > 0);
      otherCost += Math.min(...present.map(({ cost }) => cost));
      otherField += Math.min(...present.map((derivation) => fieldRank(this.impactOf(derivation)[0] ?? GENRE)));
    }
    const stream = matching[lead]!.filter(({ postings }) => postings.length > 0).map((derivation) => ({
      cost: derivation.cost,
      best: this.impactOf(derivation),
      at: 0,
    }));
    const seen = stream.length > 1 ? new Set<number>() : undefined;
    const top = new Top(limit);
    for (let met = 0; ; met++) {
      // The next book of the lead word, best first: lowest code, then highest rating, then lowest slot.
      let next: (typeof stream)[number] | undefined;
      let nextKey = -1;
      for (const list of stream) {
        while (list.at < list.best.length && !this.alive[list.best[list.at]! >>> FIELD_BITS]) list.at++;
        if (list.at === list.best.length) continue;
        const posting = list.best[list.at]!;
        const key = bookKey(list.cost, fieldRank(posting), this.slotRating[posting >>> FIELD_BITS]!);
        const slot = posting >>> FIELD_BITS;
        if (key > nextKey || (key === nextKey && slot < next!.best[next!.at]! >>> FIELD_BITS)) {
          next = list;
          nextKey = key;
        }
      }
      if (!next) return top.full ? top.slots().map((slot) => this.slotBook[slot]!) : undefined;
      const posting = next.best[next.at++]!;
      const slot = posting >>> FIELD_BITS;
      // No book still to come, in any word, can do better than this bound.
      const bound = bookKey(next.cost + otherCost, fieldRank(posting) + otherField, this.slotRating[slot]!);
      // With one word, books as good come in slot order, so none still to come ranks before the last kept.
      if (top.full && (bound < top.lowest || (others.length === 0 && bound === top.lowest)))
        return top.slots().map((kept) => this.slotBook[kept]!);
      if (met > MAX_FULL_MATCH_WALK) return undefined;
      if (seen) {
        if (seen.has(slot)) continue;
        seen.add(slot);
      }
      let cost = next.cost;
      let field = fieldRank(posting);
      let inAll = true;
      for (const word of others) {
        const code = this.codeIn(word, slot);
        if (code < 0) {
          inAll = false;
          break;
        }
        cost += code >>> 2;
        field += code & 3;
      }
      if (inAll) top.offer(slot, bookKey(cost, field, this.slotRating[slot]!));
    }
  }

  /** The best code (`cost << 2 | field rank`) the book has in a query word, or -1 if it has none. */
  private codeIn(word: Derivation[], slot: number): number {
    let best = -1;
    for (const { postings, cost } of word) {
      let [low, high] = [0, postings.length - 1];
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const found = postings[middle]! >>> FIELD_BITS;
        if (found < slot) low = middle + 1;
        else if (found > slot) high = middle - 1;
        else {
          const code = (cost << 2) | fieldRank(postings[middle]!);
          if (best < 0 || code < best) best = code;
          break;
        }
      }
    }
    return best;
  }

  /**
   * A derivation's live postings best first: title before author before genre, then higher
   * rating, then lower slot. A word's order is kept until its postings or any rating change.
   */
  private impactOf({ postings, term }: Derivation): Int32Array {
    if (term >= 0) {
      const kept = this.impact[term];
      if (kept) return kept;
    }
    const keys = new Float64Array(postings.length);
    let live = 0;
    for (const posting of postings) {
      const slot = posting >>> FIELD_BITS;
      if (!this.alive[slot]) continue;
      // Field rank, then rating in hundredths (higher first), then slot: one number, sorted natively.
      keys[live++] = fieldRank(posting) * 2 ** 42 + (500 - hundredths(this.slotRating[slot]!)) * 2 ** 32 + slot;
    }
    const sorted = keys.subarray(0, live).sort();
    const best = Int32Array.from(sorted, (key) => ((key % 2 ** 32) << FIELD_BITS) | (1 << Math.floor(key / 2 ** 42)));
    if (term >= 0) this.impact[term] = best;
    return best;
  }

  /**
   * The books of one query word in slot order, each with its best code (`cost << 2 | field
   * rank`): every derivation's live postings, united two lists at a time.
   */
  private matchesOfWord(derivations: Derivation[]): Matches {
    let lists = derivations.map((derivation) => this.matchesOf(derivation));
    while (lists.length > 1) {
      const united: Matches[] = [];
      for (let i = 0; i < lists.length; i += 2)
        united.push(i + 1 < lists.length ? union(lists[i]!, lists[i + 1]!) : lists[i]!);
      lists = united;
    }
    return lists[0] ?? NO_MATCHES;
  }

  private matchesOf({ postings, cost }: Derivation): Matches {
    const slots = new Int32Array(postings.length);
    const codes = new Uint8Array(postings.length);
    let found = 0;
    for (let i = 0; i < postings.length; i++) {
      const posting = postings[i]!;
      const slot = posting >>> FIELD_BITS;
      if (!this.alive[slot]) continue;
      slots[found] = slot;
      codes[found++] = (cost << 2) | fieldRank(posting);
    }
    return { slots: slots.subarray(0, found), codes: codes.subarray(0, found) };
  }

  /**
   * Books `offset` to `wanted` of those any query word matches, best first, and how many they
   * are. The words' lists are walked together in slot order, so each book is scored once, where
   * it is met, and only the best `wanted` are kept (decision 105).
   */
  private best(matches: Matches[], wanted: number, offset: number): { ids: number[]; total: number } {
    const live = Math.max(1, this.size);
    // Inverse document frequency: a word in few books says more about which book is meant.
    const significance = matches.map(({ slots }) => Math.log(1 + live / Math.max(1, slots.length)));
    const allSignificance = significance.reduce((sum, value) => sum + value, 0);
    const slotLists = matches.map((word) => word.slots);
    const codeLists = matches.map((word) => word.codes);
    const ends = Int32Array.from(slotLists, (slots) => slots.length);
    const at = new Int32Array(matches.length);
    const top = new Top(wanted);
    let total = 0;
    for (;;) {
      let slot = NO_SLOT;
      for (let w = 0; w < at.length; w++)
        if (at[w]! < ends[w]! && slotLists[w]![at[w]!]! < slot) slot = slotLists[w]![at[w]!]!;
      if (slot === NO_SLOT) break;
      total++;
      let matched = 0;
      let weight = 0;
      let typos = 0;
      let fields = 0;
      for (let w = 0; w < at.length; w++) {
        if (at[w]! === ends[w]! || slotLists[w]![at[w]!] !== slot) continue;
        const code = codeLists[w]![at[w]!++]!;
        matched++;
        weight += significance[w]!;
        typos += code >>> 2;
        fields += code & 3;
      }
      // Bits, high to low: words matched (5), their significance (10), fewer typos (7),
      // better fields (6), rating in hundredths (9). Together under 2^53, so exact in a double.
      top.offer(
        slot,
        matched * 2 ** 32 +
          Math.round((weight / allSignificance) * 1023) * 2 ** 22 +
          bookKey(typos, fields, this.slotRating[slot]!),
      );
    }
    return {
      ids: top
        .slots()
        .slice(offset)
        .map((slot) => this.slotBook[slot]!),
      total,
    };
  }

  /**
   * Words typed without their space ("warand" → war + and) count as the one query word, and two
   * query words that are one indexed word ("mo by" → moby) count as both; each costs a typo.
   */
  private addSplitsAndJoins(words: string[], derivations: Derivation[][]) {
    for (const [i, word] of words.entries()) {
      for (let at = 2; at <= word.length - 2; at++) {
        const [leftWord, rightWord] = [word.slice(0, at), word.slice(at)];
        // A stop-word half ('warand' → war + and) is not indexed: the other half stands for the pair.
        const left = isStopWord(leftWord) ? -2 : this.exactTerm(leftWord);
        const right = isStopWord(rightWord) ? -2 : this.exactTerm(rightWord);
        if (left >= 0 && right >= 0) derivations[i]!.push({ postings: this.both(left, right), cost: 2, term: -1 });
        else if (left >= 0 && right === -2)
          derivations[i]!.push({ postings: this.postings[left]!.view(), cost: 2, term: left });
        else if (right >= 0 && left === -2)
          derivations[i]!.push({ postings: this.postings[right]!.view(), cost: 2, term: right });
      }
      if (i + 1 < words.length) {
        const joined = this.derive(word + words[i + 1]!, i + 1 === words.length - 1, 2);
        derivations[i]!.push(...joined);
        derivations[i + 1]!.push(...joined);
      }
    }
  }

  /** Postings of books holding both terms, with the fields of the first: both lists are in slot order. */
  private both(left: number, right: number): Int32Array {
    const [lefts, rights] = [this.postings[left]!.view(), this.postings[right]!.view()];
    const found = new Int32Array(Math.min(lefts.length, rights.length));
    let count = 0;
    for (let i = 0, j = 0; i < lefts.length && j < rights.length;) {
      const [leftSlot, rightSlot] = [lefts[i]! >>> FIELD_BITS, rights[j]! >>> FIELD_BITS];
      if (leftSlot < rightSlot) i++;
      else if (rightSlot < leftSlot) j++;
      else {
        found[count++] = lefts[i++]!;
        j++;
      }
    }
    return found.subarray(0, count);
  }

  private exactTerm(word: string): number {
    let node: TrieNode | undefined = this.root;
    for (const char of word) {
      node = node.children.get(char);
      if (!node) return -1;
    }
    return node.term;
  }

  private termOf(word: string): number {
    let node = this.root;
    for (const char of word) {
      let child = node.children.get(char);
      if (!child) node.children.set(char, (child = trieNode()));
      node = child;
    }
    if (node.term < 0) {
      node.term = this.postings.length;
      this.postings.push(new IntList());
    }
    return node.term;
  }

  /**
   * The indexed words within the word's typo budget (restricted Damerau–Levenshtein, so a swapped
   * pair is one typo) and, for the word being typed, the words it starts, walking the trie once.
   */
  private derive(word: string, asPrefix: boolean, extraCost: number): Derivation[] {
    const query = [...word];
    const m = query.length;
    const budget = typoBudget(m);
    const found = new Map<number, number>();
    let prefixVisits = 0;
    const record = (term: number, cost: number) => {
      const known = found.get(term);
      if (known === undefined || cost < known) found.set(term, cost);
    };

    const walk = (
      node: TrieNode,
      char: string,
      previousChar: string | undefined,
      above: number[],
      aboveAbove: number[] | undefined,
      depth: number,
      prefixTypos: number,
    ) => {
      const row = new Array<number>(m + 1);
      row[0] = depth;
      let smallest = depth;
      for (let j = 1; j <= m; j++) {
        let cell = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + (query[j - 1] === char ? 0 : 1));
        if (aboveAbove && j > 1 && query[j - 1] === previousChar && query[j - 2] === char)
          cell = Math.min(cell, aboveAbove[j - 2]! + 1);
        row[j] = cell;
        if (cell < smallest) smallest = cell;
      }
      const whole = row[m]!;
      const typosAsPrefix = asPrefix ? Math.min(prefixTypos, whole) : Infinity;
      if (node.term >= 0) {
        if (whole <= budget) record(node.term, whole * 2);
        else if (typosAsPrefix <= budget && prefixVisits++ < MAX_PREFIX_VISITS)
          record(node.term, typosAsPrefix * 2 + 1);
      }
      if (smallest > budget && typosAsPrefix > budget) return;
      if (typosAsPrefix <= budget && prefixVisits >= MAX_PREFIX_VISITS && smallest > budget) return;
      for (const [next, child] of node.children) walk(child, next, char, row, above, depth + 1, typosAsPrefix);
    };
    const first = Array.from({ length: m + 1 }, (_, j) => j);
    for (const [char, child] of this.root.children) walk(child, char, undefined, first, undefined, 1, Infinity);

    return [...found]
      .map(([term, cost]) => ({ postings: this.postings[term]!.view(), cost: cost + extraCost, term }))
      .sort((a, b) => a.cost - b.cost || b.postings.length - a.postings.length)
      .slice(0, MAX_DERIVATIONS);
  }

  /**
   * A copy of the index's state for the catalogue index's snapshot (decision 106): the words in
   * term order (the trie is built again from them), every term's postings end to end, and the slot
   * arrays. Copies, so the index may change while they are written out.
   */
  snapshot(): {
    words: string[];
    postingCounts: Int32Array<ArrayBuffer>;
    postings: Int32Array<ArrayBuffer>;
    slotBook: Int32Array<ArrayBuffer>;
    slotRating: Float64Array<ArrayBuffer>;
    alive: Uint8Array<ArrayBuffer>;
    slotOf: Int32Array<ArrayBuffer>;
    slots: number;
    books: number;
    stopWordTitles: [string, number[]][];
  } {
    const words = new Array<string>(this.postings.length);
    const stack: [TrieNode, string][] = [[this.root, '']];
    for (let next = stack.pop(); next; next = stack.pop()) {
      const [node, word] = next;
      if (node.term >= 0) words[node.term] = word;
      for (const [char, child] of node.children) stack.push([child, word + char]);
    }
    const postingCounts = Int32Array.from(this.postings, (list) => list.length);
    const postings = new Int32Array(postingCounts.reduce((sum, count) => sum + count, 0));
    let at = 0;
    for (const list of this.postings) {
      postings.set(list.view(), at);
      at += list.length;
    }
    let ids = this.slotOf.length;
    while (ids > 0 && this.slotOf[ids - 1] === 0) ids--;
    return {
      words,
      postingCounts,
      postings,
      slotBook: this.slotBook.slice(0, this.slots),
      slotRating: this.slotRating.slice(0, this.slots),
      alive: this.alive.slice(0, this.slots),
      slotOf: this.slotOf.slice(0, ids),
      slots: this.slots,
      books: this.books,
      stopWordTitles: [...this.stopWordTitles].map(([key, slots]) => [key, [...slots]]),
    };
  }

  /** The index a snapshot holds; throws if its parts do not fit together (a file from a faulty writer). */
  static restored(state: ReturnType<SearchIndex['snapshot']>): SearchIndex {
    const { words, postingCounts, postings, slots } = state;
    const fits =
      words.length === postingCounts.length &&
      [state.slotBook, state.slotRating, state.alive].every((array) => array.length === slots) &&
      state.books === state.alive.reduce((sum: number, alive) => sum + alive, 0) &&
      postings.length === postingCounts.reduce((sum, count) => sum + count, 0) &&
      postings.every((posting) => posting >>> FIELD_BITS < slots) &&
      state.slotOf.every((slot) => slot <= slots) &&
      state.stopWordTitles.every(([, titleSlots]) => titleSlots.every((slot) => slot < slots));
    if (!fits) throw new Error('its search index does not fit together');
    const index = new SearchIndex();
    let at = 0;
    for (const [term, word] of words.entries()) {
      if (index.termOf(word) !== term) throw new Error(`its search index repeats the word "${word}"`);
      // A copy per word, as a build leaves them: a view would keep the whole block alive once one list grows.
      const list = index.postings[term]!;
      list.data = postings.slice(at, (at += postingCounts[term]!));
      list.length = list.data.length;
    }
    index.slotBook = state.slotBook;
    index.slotRating = state.slotRating;
    index.alive = state.alive;
    index.slotOf = state.slotOf;
    index.slots = slots;
    index.books = state.books;
    for (const [key, titleSlots] of state.stopWordTitles) index.stopWordTitles.set(key, new Set(titleSlots));
    return index;
  }
}

/** The books of either list, in slot order; a book in both keeps its better code. */
function union(a: Matches, b: Matches): Matches {
  const slots = new Int32Array(a.slots.length + b.slots.length);
  const codes = new Uint8Array(slots.length);
  let [i, j, found] = [0, 0, 0];
  while (i < a.slots.length || j < b.slots.length) {
    const fromA = a.slots[i] ?? NO_SLOT;
    const fromB = b.slots[j] ?? NO_SLOT;
    if (fromA <= fromB) {
      slots[found] = fromA;
      codes[found] = fromA === fromB ? Math.min(a.codes[i]!, b.codes[j++]!) : a.codes[i]!;
      i++;
    } else {
      slots[found] = fromB;
      codes[found] = b.codes[j++]!;
    }
    found++;
  }
  return { slots: slots.subarray(0, found), codes: codes.subarray(0, found) };
}

/** Whether a book ranks before another: a higher key, or as high and an earlier slot. */
const ranksBefore = (key: number, slot: number, otherKey: number, otherSlot: number) =>
  key > otherKey || (key === otherKey && slot < otherSlot);

/**
 * The best `size` slots by key, ties to the earlier slot, in whatever order they are offered:
 * kept in order by insertion while few, sorted once at the end when a deep page wants many.
 */
class Top {
  private readonly keys: number[] = [];
  private readonly kept: number[] = [];
  constructor(private readonly size: number) {}

  get full(): boolean {
    return this.keys.length >= this.size;
  }

  /** The key of the last book kept (read when `full`). */
  get lowest(): number {
    return this.keys[this.keys.length - 1]!;
  }

  offer(slot: number, key: number): void {
    const { keys, kept, size } = this;
    if (size > INSERTION_LIMIT) {
      keys.push(key);
      kept.push(slot);
      return;
    }
    if (keys.length === size && !ranksBefore(key, slot, keys[size - 1]!, kept[size - 1]!)) return;
    let at = keys.length;
    while (at > 0 && ranksBefore(key, slot, keys[at - 1]!, kept[at - 1]!)) at--;
    keys.splice(at, 0, key);
    kept.splice(at, 0, slot);
    if (keys.length > size) {
      keys.pop();
      kept.pop();
    }
  }

  slots(): number[] {
    if (this.size <= INSERTION_LIMIT) return this.kept;
    const { keys, kept } = this;
    const order = Array.from(kept.keys()).sort((x, y) =>
      ranksBefore(keys[x]!, kept[x]!, keys[y]!, kept[y]!) ? -1 : 1,
    );
    return order.slice(0, this.size).map((i) => kept[i]!);
  }
}
