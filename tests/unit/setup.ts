import '@arco-design/web-react/lib/_util/react-19-adapter';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Testing Library unmounts between tests only by itself when vitest globals are on; they are not.
afterEach(() => cleanup());
