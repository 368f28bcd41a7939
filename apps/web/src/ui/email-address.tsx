import { Fragment } from 'react';

/**
 * An e-mail address that wraps after its '@' and its dots (and, as all text does, after a hyphen),
 * never inside a word: a long address in a narrow cell reads 'sam.very-long-name@' / 'example.' /
 * 'com', not 'sam.very-lo' / 'ng-n…'. (`break-words` still breaks a single part wider than the
 * whole cell, rather than overflow it.)
 */
export function EmailAddress({ value, className = '' }: { value: string; className?: string }) {
  const parts = value.split(/(?<=[@.])/);
  return (
    <span className={`break-words ${className}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
