declare module 'bpmn-moddle' {
  interface ParseResult {
    rootElement: unknown;
    warnings: unknown[];
  }
  export class BpmnModdle {
    fromXML(xml: string): Promise<ParseResult>;
  }
}

declare module 'bpmn-auto-layout' {
  export function layoutProcess(xml: string): Promise<string>;
}
