/**
 * The app's entry: global styles, the router, and the shell's start-up duties — one reload for a
 * chunk lost to a deploy, the persistent-storage request, 401 redirects through the router, and,
 * when a session is stored, the session stores' own (staff role check, token refresh timer).
 */
import './ui/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appApi } from './api/app-api';
import { hasStoredSession } from './api/tokens';
import { isInstalledApp } from './features/landing/landing-environment';
import { reloadStepOneWithCacheBust } from './features/order-form/cache-bust';
import { installChunkReloadGuard } from './features/shell/chunk-reload';
import { requestPersistentStorage } from './features/shell/persistent-storage';
import { createAppRouter, loadAppSessions } from './router';

installChunkReloadGuard();
const reloading = reloadStepOneWithCacheBust(window.location, sessionStorage);

const router = createAppRouter();
appApi.setNavigate((href) => void router.history.push(href));
requestPersistentStorage(navigator.storage, window, isInstalledApp());
if (hasStoredSession()) void loadAppSessions();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (!reloading)
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
