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

/** Names' words, remembered for this many distinct names: a catalogue repeats its authors and genres. */
const NAME_WORDS_MEMO = 20_000;

type TrieNode = { children: Map<string, TrieNode>; term: number };
const trieNode = (): TrieNode => ({ children: new Map(), term: -1 });

/** A word of the index standing for a query word: `cost` is typos × 2, plus 1 if only its start matched. */
type Derivation = { postings: Int32Array; cost: number };

/** Field of a posting as a rank: title 0, author 1, genre 2. */
const fieldRank = (fields: number) => (fields & TITLE ? 0 : fields & AUTHOR ? 1 : 2);

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

  // Per-search scratch, one entry per slot, reused: a stamp tells whether an entry is this search's.
  private stamp = 0;
  private wordStamp = new Uint32Array(0);
  private wordCode = new Uint16Array(0);
  private bookStamp = new Uint32Array(0);
  private matched = new Uint8Array(0);
  private significance = new Float64Array(0);
  private typos = new Uint16Array(0);
  private fields = new Uint16Array(0);
  private touched = new Int32Array(0);
  private candidates = new Int32Array(0);

  /** Books in the index. */
  get size(): number {
    return this.books;
  }

  /** Slots of changed or removed books, still held in memory (postings and scratch) until a rebuild. */
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
    for (const [word, fields] of wordFields) this.postings[this.termOf(word)]!.push((slot << FIELD_BITS) | fields);
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
    if (slot >= 0) this.slotRating[slot] = rating;
  }

  /**
   * The index without its dead slots: every posting list keeps its live postings, renumbered, so
   * no book's words need reading again (decision 096). Scratch is sized again on the next search.
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
    for (const [key, titleSlots] of this.stopWordTitles) {
      const kept = new Set<number>();
      for (const slot of titleSlots) if (newSlot[slot]! >= 0) kept.add(newSlot[slot]!);
      if (kept.size) this.stopWordTitles.set(key, kept);
      else this.stopWordTitles.delete(key);
    }
    this.wordStamp = new Uint32Array(0);
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
    return this.searchPage(keyword, 0, limit).ids;
  }

  /**
   * One page of every book the keyword finds, in the order `search` ranks them (so its first page
   * is what the dropdown lists), and how many it finds in all: every book matching at least one
   * of its meaningful words. Stop words count only inside a run-together or split word
   * ('warand', 'mo by'); a keyword of stop words alone finds the titles made of exactly those words.
   */
  searchPage(keyword: string, offset: number, limit: number): { ids: number[]; total: number } {
    const typed = searchWords(keyword).slice(0, MAX_QUERY_WORDS);
    if (typed.length === 0) return { ids: [], total: 0 };
    const derivations = typed.map((word, i) => (isStopWord(word) ? [] : this.derive(word, i === typed.length - 1, 0)));
    this.addSplitsAndJoins(typed, derivations);
    // A stop word left with nothing to stand for is no query word: it neither matches nor weighs.
    const words = derivations.filter((found, i) => found.length > 0 || !isStopWord(typed[i]!));
    if (words.length === 0) return this.stopWordTitlePage(typed, offset, limit);

    this.prepareScratch();
    const searchStamp = ++this.stamp;
    const { touched, candidates } = this;
    let candidateCount = 0;
    const live = Math.max(1, this.size);
    let allSignificance = 0;
    for (const wordDerivations of words) {
      const wordStamp = ++this.stamp;
      let touchedCount = 0;
      for (const { postings, cost } of wordDerivations) {
        for (const posting of postings) {
          const slot = posting >>> FIELD_BITS;
          if (!this.alive[slot]) continue;
          const code = (cost << 2) | fieldRank(posting);
          if (this.wordStamp[slot] !== wordStamp) {
            this.wordStamp[slot] = wordStamp;
            this.wordCode[slot] = code;
            touched[touchedCount++] = slot;
          } else if (code < this.wordCode[slot]!) this.wordCode[slot] = code;
        }
      }
      // Inverse document frequency: a word in few books says more about which book is meant.
      const significance = Math.log(1 + live / Math.max(1, touchedCount));
      allSignificance += significance;
      for (let i = 0; i < touchedCount; i++) {
        const slot = touched[i]!;
        if (this.bookStamp[slot] !== searchStamp) {
          this.bookStamp[slot] = searchStamp;
          this.matched[slot] = 0;
          this.significance[slot] = 0;
          this.typos[slot] = 0;
          this.fields[slot] = 0;
          candidates[candidateCount++] = slot;
        }
        const code = this.wordCode[slot]!;
        this.matched[slot]!++;
        this.significance[slot]! += significance;
        this.typos[slot]! += code >>> 2;
        this.fields[slot]! += code & 3;
      }
    }
    const ids = this.best(candidateCount, allSignificance, offset + limit)
      .slice(offset)
      .map((slot) => this.slotBook[slot]!);
    return { ids, total: candidateCount };
  }

  private stopWordTitlePage(words: string[], offset: number, limit: number): { ids: number[]; total: number } {
    const slots = [...(this.stopWordTitles.get(words.join(' ')) ?? [])].filter((slot) => this.alive[slot]);
    slots.sort((a, b) => this.slotRating[b]! - this.slotRating[a]! || this.slotBook[a]! - this.slotBook[b]!);
    return { ids: slots.slice(offset, offset + limit).map((slot) => this.slotBook[slot]!), total: slots.length };
  }

  /** The top `limit` candidates by one packed number per book, without sorting them all. */
  private best(candidateCount: number, allSignificance: number, limit: number): number[] {
    // Words matched rank first: books matching fewer words than the best `limit` do cannot
    // place, so only those matching at least that many are scored.
    const byMatched = new Array<number>(MAX_QUERY_WORDS + 1).fill(0);
    for (let i = 0; i < candidateCount; i++) byMatched[this.matched[this.candidates[i]!]!]!++;
    let least = MAX_QUERY_WORDS;
    for (let enough = byMatched[least]!; least > 1 && enough < limit;) enough += byMatched[--least]!;

    const top: { slot: number; key: number }[] = [];
    // Deep pages keep too many to insert one by one: they sort them all (stable, so ties keep the same order).
    const sortAll = limit > INSERTION_LIMIT;
    for (let i = 0; i < candidateCount; i++) {
      const slot = this.candidates[i]!;
      if (this.matched[slot]! < least) continue;
      // Bits, high to low: words matched (5), their significance (10), fewer typos (7),
      // better fields (6), rating in hundredths (9). Together under 2^53, so exact in a double.
      const key =
        this.matched[slot]! * 2 ** 32 +
        Math.round((this.significance[slot]! / allSignificance) * 1023) * 2 ** 22 +
        (127 - Math.min(this.typos[slot]!, 127)) * 2 ** 15 +
        (63 - Math.min(this.fields[slot]!, 63)) * 2 ** 9 +
        Math.round(Math.min(Math.max(this.slotRating[slot]!, 0), 5) * 100);
      if (sortAll) {
        top.push({ slot, key });
        continue;
      }
      if (top.length === limit && key <= top[limit - 1]!.key) continue;
      let at = top.length;
      while (at > 0 && top[at - 1]!.key < key) at--;
      top.splice(at, 0, { slot, key });
      if (top.length > limit) top.pop();
    }
    if (sortAll) top.sort((a, b) => b.key - a.key);
    return top.slice(0, limit).map((entry) => entry.slot);
  }

  private prepareScratch() {
    const slots = this.slots;
    if (this.wordStamp.length >= slots) return;
    // A quarter spare, so books added later seldom make every search array be allocated again.
    const capacity = Math.max(1024, Math.ceil(slots * 1.25));
    this.wordStamp = new Uint32Array(capacity);
    this.wordCode = new Uint16Array(capacity);
    this.bookStamp = new Uint32Array(capacity);
    this.matched = new Uint8Array(capacity);
    this.significance = new Float64Array(capacity);
    this.typos = new Uint16Array(capacity);
    this.fields = new Uint16Array(capacity);
    this.touched = new Int32Array(capacity);
    this.candidates = new Int32Array(capacity);
    this.stamp = 0;
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
        if (left >= 0 && right >= 0) derivations[i]!.push({ postings: this.both(left, right), cost: 2 });
        else if (left >= 0 && right === -2) derivations[i]!.push({ postings: this.postings[left]!.view(), cost: 2 });
        else if (right >= 0 && left === -2) derivations[i]!.push({ postings: this.postings[right]!.view(), cost: 2 });
      }
      if (i + 1 < words.length) {
        const joined = this.derive(word + words[i + 1]!, i + 1 === words.length - 1, 2);
        derivations[i]!.push(...joined);
        derivations[i + 1]!.push(...joined);
      }
    }
  }

  /** Postings of books holding both terms, with the fields of the first. */
  private both(left: number, right: number): Int32Array {
    const withRight = new Set(Array.from(this.postings[right]!.view(), (posting) => posting >>> FIELD_BITS));
    return this.postings[left]!.view().filter((posting) => withRight.has(posting >>> FIELD_BITS));
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
      .map(([term, cost]) => ({ postings: this.postings[term]!.view(), cost: cost + extraCost }))
      .sort((a, b) => a.cost - b.cost || b.postings.length - a.postings.length)
      .slice(0, MAX_DERIVATIONS);
  }
}
