// Types for saslprep, which ships none: RFC 4013 string preparation for passwords.
declare module 'saslprep' {
  /** Throws an Error naming the rule a prohibited, unassigned or mixed-direction character breaks. */
  function saslprep(input: string, options?: { allowUnassigned?: boolean }): string;
  export default saslprep;
}
