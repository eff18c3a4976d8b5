/**
 * The app's entry: global styles, the router, and the shell's start-up duties — one reload for a
 * chunk lost to a deploy, the persistent-storage request, and 401 redirects through the router.
 */
import './ui/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appApi } from './api/app-api';
import { isInstalledApp } from './features/landing/landing-environment';
import { installChunkReloadGuard } from './features/shell/chunk-reload';
import { requestPersistentStorage } from './features/shell/persistent-storage';
import { createAppRouter } from './router';

installChunkReloadGuard();

const router = createAppRouter();
appApi.setNavigate((href) => void router.history.push(href));
requestPersistentStorage(navigator.storage, window, isInstalledApp());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
