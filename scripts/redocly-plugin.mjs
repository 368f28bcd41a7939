/**
 * Redocly's two path rules (no-identical-paths, no-ambiguous-paths), each with an `allowed` list
 * of path pairs, so redocly.yaml can except a pair the spec fixes by name and with its reason,
 * while any other such pair still fails the lint. The checks are Redocly's own.
 */
export default function bookshopRedoclyPlugin() {
  return {
    id: 'bookshop',
    rules: {
      oas3: {
        'no-identical-paths': pathPairRule(
          (a, b) => a.replace(/{.+?}/g, '{}') === b.replace(/{.+?}/g, '{}'),
          (a, b) => `The path already exists which differs only by path parameter name(s): \`${a}\` and \`${b}\`.`,
        ),
        'no-ambiguous-paths': pathPairRule(
          ambiguous,
          (a, b) => `Paths should resolve unambiguously. Found two ambiguous paths: \`${a}\` and \`${b}\`.`,
        ),
      },
    },
  };
}

/** A rule reporting every pair of paths `matches` finds, unless the pair is in the options' `allowed`. */
function pathPairRule(matches, message) {
  return ({ allowed = [] }) => {
    const isAllowed = (a, b) => allowed.some((pair) => pair.includes(a) && pair.includes(b));
    return {
      Paths(pathMap, { report, location }) {
        const seen = [];
        for (const path of Object.keys(pathMap)) {
          const other = seen.find((earlier) => matches(earlier, path) && !isAllowed(earlier, path));
          if (other) report({ message: message(other, path), location: location.child([path]).key() });
          seen.push(path);
        }
      },
    };
  };
}

/** Redocly's test: as many parameters, and every other segment equal. */
function ambiguous(a, b) {
  const partsA = a.split('/');
  const partsB = b.split('/');
  if (partsA.length !== partsB.length) return false;
  const isVariable = (part) => /^{.+?}$/.test(part);
  const variables = (parts) => parts.filter(isVariable).length;
  const staticPartsEqual = partsA.every((part, i) => isVariable(part) || isVariable(partsB[i]) || part === partsB[i]);
  return staticPartsEqual && variables(partsA) === variables(partsB);
}
