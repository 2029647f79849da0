/** A Content-Security-Policy value, read and changed directive by directive. */

/** Adds sources to the named directives (which must be in the policy), keeping their order. */
export function addCspSources(policy: string, additions: Record<string, string[]>): string {
  const directives = policy
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const names = directives.map((directive) => directive.split(/\s+/)[0]);
  for (const name of Object.keys(additions)) {
    if (!names.includes(name)) throw new Error(`the policy has no ${name} to add sources to`);
  }
  return directives
    .map((directive) => {
      const [name, ...sources] = directive.split(/\s+/);
      const added = (additions[name!] ?? []).filter((source) => !sources.includes(source));
      return [name, ...sources, ...added].join(' ');
    })
    .join('; ');
}
