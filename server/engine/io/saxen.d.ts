/** The part of saxen's API the sheet reader uses (the package ships no types). */
declare module 'saxen' {
  export class Parser {
    /** Tags are named as written, prefix included; the attributes are read when asked (false when malformed). */
    on(event: 'openTag', listener: (name: string, attributes: () => Record<string, string> | false) => void): this;
    on(event: 'closeTag', listener: (name: string) => void): this;
    /** Text as written: entities are left in. */
    on(event: 'text', listener: (raw: string) => void): this;
    on(event: 'cdata', listener: (text: string) => void): this;
    on(event: 'error', listener: (err: Error) => void): this;
    /** Takes the next piece of the document; a token cut at its end waits for the next piece. */
    write(xml: string): this;
    /** The document is over: an unclosed tag or a token cut short throws (with no `error` listener). */
    end(): this;
  }
}
