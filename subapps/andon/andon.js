/*
 * Andon board: the framework-free example of the integrator kit, and the template to copy.
 * Plain JavaScript, no build step. Everything it knows of the portal comes through window.PortalBridge
 * (bridge/README.md): the context (user, factory, language, font size, permissions), API calls made
 * by the shell with its token (this page never sees it), tabs, toasts and confirmation dialogs.
 *
 * Routes (the shell owns the address bar; this page follows the routes it is given):
 *   /andon/board             the factory's open (unacknowledged) alarms
 *   /andon/board/critical    only the critical ones
 *   /andon/board/alarm/<id>  one alarm
 *
 * Data: GET /api/platform-system/alarm/open (the current factory's open alarms, newest first) and
 * POST /api/platform-system/alarm/<id>/acknowledge (needs the system:alarm:handle permission).
 */
(function () {
  'use strict';

  var BASE = '/andon/board';
  var POLL_MS = 30000;
  var OPEN_ALARMS = '/api/platform-system/alarm/open';
  var PERMISSION_HANDLE = 'system:alarm:handle';
  var PERMISSION_EXPORT = 'system:alarm:export';

  /** The page's few strings, in the portal's five languages. */
  var TEXT = {
    'zh-CN': {
      title: '安灯看板',
      all: '未处理告警',
      critical: '严重',
      refresh: '刷新',
      export: '导出',
      notices: '打开通知公告',
      close: '关闭标签页',
      level: '级别',
      alarm: '告警',
      number: '编号',
      type: '类型',
      source: '来源',
      project: '项目',
      raised: '发生时间',
      empty: '没有未处理的告警。',
      back: '返回看板',
      handle: '确认处理',
      details: '详情',
      handled: '已处理',
      waiting: '待处理',
      info: '提示',
      warning: '警告',
      confirmTitle: '确认处理告警',
      confirmContent: '确认已处理告警“{title}”吗？',
      acknowledged: '告警“{title}”已确认处理。',
      notFound: '看板上没有这个页面，已返回看板。',
      missing: '没有这条未处理的告警。',
      factory: '工厂',
      noFactory: '未选择工厂',
      chooseFactory: '请先在门户顶部选择工厂：告警属于工厂。',
      connected: '已通过门户桥接 {version} 连接',
      updated: '更新于 {time}',
      paused: '已暂停（标签页在后台）',
      outside: '请在制造执行门户中打开此页面。',
      loadFailed: '无法加载告警。',
      alarmTitle: '告警 {title}',
      device: '选择设备…',
      deviceChosen: '已选择设备 {code} {name}',
      deviceNone: '未选择设备',
    },
    'zh-TW': {
      title: '安燈看板',
      all: '未處理警報',
      critical: '嚴重',
      refresh: '重新整理',
      export: '匯出',
      notices: '開啟通知公告',
      close: '關閉分頁',
      level: '等級',
      alarm: '警報',
      number: '編號',
      type: '類型',
      source: '來源',
      project: '專案',
      raised: '發生時間',
      empty: '沒有未處理的警報。',
      back: '返回看板',
      handle: '確認處理',
      details: '詳情',
      handled: '已處理',
      waiting: '待處理',
      info: '提示',
      warning: '警告',
      confirmTitle: '確認處理警報',
      confirmContent: '確認已處理警報「{title}」嗎？',
      acknowledged: '警報「{title}」已確認處理。',
      notFound: '看板上沒有這個頁面，已返回看板。',
      missing: '沒有這筆未處理的警報。',
      factory: '工廠',
      noFactory: '未選擇工廠',
      chooseFactory: '請先在入口網站頂部選擇工廠：警報屬於工廠。',
      connected: '已透過入口網站橋接 {version} 連線',
      updated: '更新於 {time}',
      paused: '已暫停（分頁在背景）',
      outside: '請在製造執行入口網站中開啟此頁面。',
      loadFailed: '無法載入警報。',
      alarmTitle: '警報 {title}',
      device: '選擇設備…',
      deviceChosen: '已選擇設備 {code} {name}',
      deviceNone: '未選擇設備',
    },
    en: {
      title: 'Andon board',
      all: 'Open alarms',
      critical: 'Critical',
      refresh: 'Refresh',
      export: 'Export',
      notices: 'Open notices',
      close: 'Close tab',
      level: 'Level',
      alarm: 'Alarm',
      number: 'Number',
      type: 'Type',
      source: 'Source',
      project: 'Project',
      raised: 'Raised',
      empty: 'No open alarms.',
      back: 'Back to the board',
      handle: 'Acknowledge',
      details: 'Details',
      handled: 'Acknowledged',
      waiting: 'Open',
      info: 'Info',
      warning: 'Warning',
      confirmTitle: 'Acknowledge the alarm',
      confirmContent: 'Has the alarm "{title}" been dealt with?',
      acknowledged: 'The alarm "{title}" is acknowledged.',
      notFound: 'The board has no such page; back to the board.',
      missing: 'There is no such open alarm.',
      factory: 'Factory',
      noFactory: 'no factory chosen',
      chooseFactory: 'Choose a factory at the top of the portal first: alarms belong to a factory.',
      connected: 'Connected through the portal bridge {version}',
      updated: 'updated at {time}',
      paused: 'paused (tab in the background)',
      outside: 'Open this page in the manufacturing portal.',
      loadFailed: 'The alarms could not be loaded.',
      alarmTitle: 'Alarm {title}',
      device: 'Choose a device…',
      deviceChosen: 'Device {code} {name} chosen',
      deviceNone: 'No device chosen',
    },
    vi: {
      title: 'Bảng Andon',
      all: 'Cảnh báo chưa xử lý',
      critical: 'Nghiêm trọng',
      refresh: 'Làm mới',
      export: 'Xuất',
      notices: 'Mở thông báo',
      close: 'Đóng thẻ',
      level: 'Mức độ',
      alarm: 'Cảnh báo',
      number: 'Số',
      type: 'Loại',
      source: 'Nguồn',
      project: 'Dự án',
      raised: 'Thời điểm',
      empty: 'Không có cảnh báo chưa xử lý.',
      back: 'Quay lại bảng',
      handle: 'Xác nhận xử lý',
      details: 'Chi tiết',
      handled: 'Đã xử lý',
      waiting: 'Chưa xử lý',
      info: 'Thông tin',
      warning: 'Cảnh báo',
      confirmTitle: 'Xác nhận xử lý cảnh báo',
      confirmContent: 'Cảnh báo "{title}" đã được xử lý chưa?',
      acknowledged: 'Đã xác nhận xử lý cảnh báo "{title}".',
      notFound: 'Bảng không có trang này; đã quay lại bảng.',
      missing: 'Không có cảnh báo chưa xử lý này.',
      factory: 'Nhà máy',
      noFactory: 'chưa chọn nhà máy',
      chooseFactory: 'Hãy chọn nhà máy ở đầu cổng thông tin trước: cảnh báo thuộc về một nhà máy.',
      connected: 'Đã kết nối qua cầu nối cổng thông tin {version}',
      updated: 'cập nhật lúc {time}',
      paused: 'tạm dừng (thẻ đang ẩn)',
      outside: 'Hãy mở trang này trong cổng thông tin điều hành sản xuất.',
      loadFailed: 'Không tải được cảnh báo.',
      alarmTitle: 'Cảnh báo {title}',
      device: 'Chọn thiết bị…',
      deviceChosen: 'Đã chọn thiết bị {code} {name}',
      deviceNone: 'Chưa chọn thiết bị',
    },
    es: {
      title: 'Tablero Andon',
      all: 'Alarmas abiertas',
      critical: 'Críticas',
      refresh: 'Actualizar',
      export: 'Exportar',
      notices: 'Abrir avisos',
      close: 'Cerrar pestaña',
      level: 'Nivel',
      alarm: 'Alarma',
      number: 'Número',
      type: 'Tipo',
      source: 'Origen',
      project: 'Proyecto',
      raised: 'Emitida',
      empty: 'No hay alarmas abiertas.',
      back: 'Volver al tablero',
      handle: 'Confirmar atención',
      details: 'Detalles',
      handled: 'Atendida',
      waiting: 'Abierta',
      info: 'Información',
      warning: 'Advertencia',
      confirmTitle: 'Confirmar la atención de la alarma',
      confirmContent: '¿Se ha atendido la alarma «{title}»?',
      acknowledged: 'La alarma «{title}» quedó atendida.',
      notFound: 'El tablero no tiene esa página; de vuelta al tablero.',
      missing: 'No existe esa alarma abierta.',
      factory: 'Fábrica',
      noFactory: 'sin fábrica elegida',
      chooseFactory: 'Elija primero una fábrica en la parte superior del portal: las alarmas pertenecen a una fábrica.',
      connected: 'Conectado mediante el puente del portal {version}',
      updated: 'actualizado a las {time}',
      paused: 'en pausa (pestaña en segundo plano)',
      outside: 'Abra esta página en el portal de fabricación.',
      loadFailed: 'No se pudieron cargar las alarmas.',
      alarmTitle: 'Alarma {title}',
      device: 'Elegir un dispositivo…',
      deviceChosen: 'Dispositivo {code} {name} elegido',
      deviceNone: 'Ningún dispositivo elegido',
    },
  };

  var state = {
    bridge: null,
    route: BASE,
    alarms: [],
    loadedAt: null,
    timer: null,
    factoryId: null,
    title: null,
    /** Alarms acknowledged from this page, by id (the open list no longer holds them). */
    acknowledged: {},
    /** The device last chosen in the portal's device list, opened as a dialog. */
    device: null,
  };

  function $(id) {
    return document.getElementById(id);
  }

  function language() {
    var lang = state.bridge ? state.bridge.context.language : navigator.language;
    if (TEXT[lang]) return lang;
    if (/^zh-(tw|hk|hant)/i.test(lang)) return 'zh-TW';
    if (/^zh/i.test(lang)) return 'zh-CN';
    var base = String(lang).split('-')[0];
    return TEXT[base] ? base : 'en';
  }

  /** A string of the current language, with {name} placeholders filled in. */
  function t(key, values) {
    var text = TEXT[language()][key] || TEXT.en[key] || key;
    return text.replace(/\{(\w+)\}/g, function (_, name) {
      return values && name in values ? String(values[name]) : '';
    });
  }

  function element(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === 'text') node.textContent = attrs[name];
      else if (name === 'onclick') node.addEventListener('click', attrs[name]);
      else node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) {
      node.appendChild(child);
    });
    return node;
  }

  function formatTime(iso) {
    try {
      return new Date(iso).toLocaleString(language());
    } catch (e) {
      return String(iso);
    }
  }

  function showMessage(text) {
    var node = $('message');
    node.textContent = text || '';
    node.hidden = !text;
  }

  /* ---------- routes ---------- */

  function parseRoute(path) {
    if (path === BASE || path === BASE + '/') return { view: 'list', filter: 'all' };
    if (path === BASE + '/critical') return { view: 'list', filter: 'critical' };
    var match = /^\/andon\/board\/alarm\/([\w-]+)$/.exec(path);
    if (match) return { view: 'detail', id: match[1] };
    return null;
  }

  /** Shows a route the shell gave (navigate event, context path, first load). */
  function show(path) {
    var route = parseRoute(path);
    if (!route) {
      // An unknown route of ours: show the board and tell the shell, which replaces its address bar entry.
      showMessage(t('notFound'));
      state.route = BASE;
      keepLocation(BASE);
      state.bridge.routeChanged(BASE).catch(function () {});
      render();
      return;
    }
    // The shell echoes every route it is told (also the board after a redirect): keep the message then.
    if (path !== state.route) showMessage('');
    state.route = path;
    keepLocation(path);
    render();
  }

  /** Keeps a reload of the frame on the same route, without a history entry (the shell owns history). */
  function keepLocation(path) {
    if (location.pathname !== path) history.replaceState(null, '', path);
  }

  /** A link of the page: the shell pushes the route (so Back returns here), then tells this page to show it. */
  function go(path) {
    state.bridge.navigate(path).catch(function (e) {
      console.warn('[andon] navigate failed', e);
    });
  }

  /* ---------- data ---------- */

  function load() {
    // Alarms belong to a factory: without one chosen there is nothing to ask for.
    if (!state.bridge.context.factoryId) {
      state.alarms = [];
      showMessage(t('chooseFactory'));
      render();
      return Promise.resolve();
    }
    return state.bridge
      .request({ url: OPEN_ALARMS, params: { limit: 100 } })
      .then(function (data) {
        state.alarms = (data && data.records) || [];
        state.loadedAt = new Date();
        render();
      })
      .catch(function (e) {
        // The shell already showed the error toast; keep the board usable.
        console.warn('[andon] alarms not loaded:', e && e.message);
        showMessage(t('loadFailed'));
      });
  }

  function acknowledge(alarm) {
    return state.bridge
      .confirm({ title: t('confirmTitle'), content: t('confirmContent', { title: alarm.description }) })
      .then(function (ok) {
        if (!ok) return null;
        return state.bridge
          .request({
            method: 'POST',
            url: '/api/platform-system/alarm/' + encodeURIComponent(alarm.id) + '/acknowledge',
          })
          .then(function (updated) {
            // The detail view keeps showing it, now acknowledged; the lists drop it.
            state.acknowledged[alarm.id] = updated;
            return state.bridge.notify({ type: 'success', message: t('acknowledged', { title: alarm.description }) });
          })
          .then(load);
      })
      .catch(function (e) {
        console.warn('[andon] acknowledge failed:', e && e.message);
      });
  }

  function exportAlarms() {
    state.bridge
      .download({ url: OPEN_ALARMS, params: { limit: 200 }, filename: 'andon-alarms.json' })
      .catch(function (e) {
        console.warn('[andon] export failed:', e && e.message);
      });
  }

  /** Hidden tabs stop polling (setActive from the shell); shown again, the board refreshes at once. */
  function schedule(active) {
    clearInterval(state.timer);
    state.timer = null;
    if (active) state.timer = setInterval(load, POLL_MS);
    renderStatus();
  }

  /* ---------- rendering ---------- */

  function renderTexts() {
    document.documentElement.lang = language();
    document.body.dataset.fontSize = state.bridge.context.fontSize;
    Array.prototype.forEach.call(document.querySelectorAll('[data-text]'), function (node) {
      node.textContent = t(node.getAttribute('data-text'));
    });
    document.title = t('title');
    var ctx = state.bridge.context;
    var user = ctx.user ? ctx.user.nickname || ctx.user.account : '';
    $('who').textContent = [user, ctx.factoryId ? t('factory') + ' ' + ctx.factoryId.slice(0, 8) : t('noFactory')]
      .filter(Boolean)
      .join(' · ');
    $('export').hidden = !state.bridge.hasPermission(PERMISSION_EXPORT);
  }

  function levelBadge(level) {
    return element('span', { class: 'level level-' + level, text: t(level) });
  }

  function renderList(filter) {
    var rows = state.alarms.filter(function (a) {
      return filter === 'all' || a.level === filter;
    });
    var body = $('alarms');
    body.textContent = '';
    var canHandle = state.bridge.hasPermission(PERMISSION_HANDLE);
    rows.forEach(function (alarm) {
      var actions = [
        element('a', {
          href: BASE + '/alarm/' + alarm.id,
          'data-route': BASE + '/alarm/' + alarm.id,
          text: t('details'),
        }),
      ];
      if (canHandle) {
        actions.push(
          element('button', {
            type: 'button',
            'data-testid': 'andon-handle',
            text: t('handle'),
            onclick: function () {
              acknowledge(alarm);
            },
          }),
        );
      }
      body.appendChild(
        element('tr', { 'data-testid': 'andon-alarm', 'data-id': alarm.id }, [
          element('td', {}, [levelBadge(alarm.level)]),
          element('td', { text: alarm.description }),
          element('td', { text: alarm.number }),
          element('td', { text: alarm.sourceSystem }),
          element('td', { text: formatTime(alarm.occurredAt) }),
          element('td', { class: 'actions' }, actions),
        ]),
      );
    });
    $('empty').hidden = rows.length > 0;
  }

  function renderDetail(id) {
    var alarm =
      state.acknowledged[id] ||
      state.alarms.find(function (a) {
        return a.id === id;
      });
    var done = Boolean(alarm && alarm.acknowledgedAt);
    $('detail-title').textContent = alarm ? alarm.description : t('missing');
    $('detail-level').textContent = alarm ? t(alarm.level) : '';
    $('detail-level').className = alarm ? 'level level-' + alarm.level : 'level';
    $('detail-raised').textContent = alarm ? formatTime(alarm.occurredAt) : '';
    $('detail-status').textContent = alarm ? (done ? t('handled') : t('waiting')) : '';
    $('detail-number').textContent = alarm ? alarm.number : '';
    $('detail-type').textContent = alarm ? alarm.type : '';
    $('detail-source').textContent = alarm ? [alarm.sourceSystem, alarm.sourceNumber].filter(Boolean).join(' · ') : '';
    $('detail-project').textContent = alarm ? [alarm.projectCode, alarm.projectName].filter(Boolean).join(' · ') : '';
    var handle = $('detail-handle');
    handle.hidden = !alarm || done || !state.bridge.hasPermission(PERMISSION_HANDLE);
    handle.onclick = alarm
      ? function () {
          acknowledge(alarm);
        }
      : null;
    if (alarm) title(t('alarmTitle', { title: alarm.number }));
  }

  /** Names the shell's tab after what the page shows (only when that changes). */
  function title(text) {
    if (state.title === text) return;
    state.title = text;
    state.bridge.setTitle(text).catch(function () {});
  }

  function renderStatus() {
    if (!state.bridge) return;
    var parts = [t('connected', { version: state.bridge.hostHello.version })];
    if (state.loadedAt) parts.push(t('updated', { time: state.loadedAt.toLocaleTimeString(language()) }));
    if (!state.bridge.active) parts.push(t('paused'));
    $('status').textContent = parts.join(' · ');
    $('status').dataset.active = String(state.bridge.active);
  }

  function render() {
    renderTexts();
    var route = parseRoute(state.route) || { view: 'list', filter: 'all' };
    $('list-view').hidden = route.view !== 'list';
    $('detail-view').hidden = route.view !== 'detail';
    Array.prototype.forEach.call(document.querySelectorAll('nav [data-route]'), function (link) {
      link.classList.toggle('current', link.getAttribute('data-route') === state.route);
    });
    if (route.view === 'list') {
      renderList(route.filter);
      title(t('title'));
    } else {
      renderDetail(route.id);
    }
    renderDevice();
    renderStatus();
  }

  /**
   * Another app's screen as a dialog (bridge 1.4.0): the portal's device list opens over the page, and
   * the row the user chooses comes back here ({ done: true, value: { code, name, ... } }).
   */
  function chooseDevice() {
    if (!state.bridge.supports('openModal')) {
      showMessage(t('deviceNone'));
      return;
    }
    state.bridge
      .openModal('/basic/device', { size: 'large' })
      .then(function (outcome) {
        state.device = outcome.done && outcome.value ? outcome.value : null;
        renderDevice();
      })
      .catch(function (e) {
        showMessage(e && e.message ? e.message : String(e));
      });
  }

  function renderDevice() {
    var d = state.device;
    $('device-chosen').textContent = d
      ? t('deviceChosen', { code: d.code || '', name: d.name || '' })
      : t('deviceNone');
  }

  /* ---------- wiring ---------- */

  function wire(bridge) {
    state.bridge = bridge;
    window.andon = { bridge: bridge, reload: load };

    // Links of the page go through the shell, so the browser's Back and Forward work across both.
    document.addEventListener('click', function (event) {
      var link = event.target.closest && event.target.closest('a[data-route]');
      if (!link) return;
      event.preventDefault();
      go(link.getAttribute('data-route'));
    });
    $('refresh').addEventListener('click', load);
    $('export').addEventListener('click', exportAlarms);
    $('notices').addEventListener('click', function () {
      bridge.navigate('/system/notice', { newTab: true }).catch(function () {});
    });
    $('close').addEventListener('click', function () {
      bridge.closeTab().catch(function () {});
    });
    $('device').addEventListener('click', chooseDevice);

    bridge.on('navigate', show);
    bridge.on('context', function (ctx) {
      // Language, factory, font size or permissions changed: draw again; another factory has other alarms.
      if (ctx.path && ctx.path !== state.route && parseRoute(ctx.path)) show(ctx.path);
      else render();
      if (ctx.factoryId !== state.factoryId) {
        state.factoryId = ctx.factoryId;
        load();
      }
    });
    bridge.on('refresh', load);
    bridge.on('logout', function () {
      state.alarms = [];
      schedule(false);
      render();
    });
    bridge.on('active', function (active) {
      schedule(active);
      if (active) load();
    });

    state.factoryId = bridge.context.factoryId;
    var first = bridge.context.path;
    show(first && first.indexOf('/andon/') === 0 ? first : location.pathname);
    schedule(bridge.active);
    load();
  }

  PortalBridge.connect().then(wire, function (error) {
    // Opened outside the portal (or the portal refused): say so in the browser's language.
    showMessage(t('outside') + ' (' + error.message + ')');
  });
})();
