/** The few bpmn-js services and shapes the designer and the chart use, typed at our boundary. */

export interface BusinessObject {
  $type: string;
  id: string;
  name?: string;
  $attrs: Record<string, string>;
  conditionExpression?: { body?: string; language?: string };
  default?: BusinessObject;
  sourceRef?: BusinessObject;
  $parent?: BusinessObject;
}

export interface DiagramElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
  source?: DiagramElement;
}

export interface ModelingService {
  updateProperties(element: DiagramElement, properties: Record<string, unknown>): void;
}

export interface ModdleService {
  create(type: string, attrs: Record<string, unknown>): unknown;
}

export interface EventBusService {
  on(event: string, callback: (e: { element?: DiagramElement; newSelection?: DiagramElement[] }) => void): void;
}

export interface ElementRegistryService {
  get(id: string): DiagramElement | undefined;
  getAll(): DiagramElement[];
}

export interface CanvasService {
  zoom(level: 'fit-viewport' | number, center?: 'auto'): number;
  addMarker(element: string, marker: string): void;
}

export interface CanvasHost {
  get<T>(name: string, strict: true): T;
}
