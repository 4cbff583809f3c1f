/** The organisation definitions (issue 4), gathered for model/resources/index.ts. */
export { configItem } from './config-item';
export { department } from './department';
export { organization } from './organization';
export { staff } from './staff';
