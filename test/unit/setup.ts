/**
 * Setup for every unit test: an in-memory IndexedDB, and waits sized for a busy 2-core machine. A UI test
 * that finds an element or polls a store waits up to 10 s (it returns as soon as the condition holds), so
 * a loaded CI runner makes it slower, never red.
 */
import 'fake-indexeddb/auto';
import { configure } from '@testing-library/preact';

configure({ asyncUtilTimeout: 10_000 });
