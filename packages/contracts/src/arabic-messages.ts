/**
 * The Arabic of every message of the contracts' `*Messages` objects (decision 093), looked up by
 * its English text: the API answers an Arabic request's problem+json with it, and the storefront's
 * Arabic pages show zod's validation messages with it. Keyed by the English text rather than by
 * object and key so that it imports none of the contracts' schemas (zod, phone-number metadata):
 * the browser fetches it alone, on Arabic pages only. A test holds it to every exported messages
 * object, so a message added without its Arabic fails.
 */
const EXACT: Readonly<Record<string, string>> = {
  // AccountMessages
  'Current password is required.': 'كلمة المرور الحالية مطلوبة.',
  'Current password is incorrect.': 'كلمة المرور الحالية غير صحيحة.',
  'The new password must differ from the current one.': 'يجب أن تختلف كلمة المرور الجديدة عن الحالية.',
  'Your password has been changed. You have been logged out on your other devices.':
    'غُيّرت كلمة المرور، وسُجّل خروجك من أجهزتك الأخرى.',
  'No Password Yet': 'لا توجد كلمة مرور بعد',
  "Your account signs in with Google and has no password yet. Use 'Forgot Password ?' on the login page to set one by e-mail.":
    'يسجّل حسابك الدخول عبر Google ولا توجد له كلمة مرور بعد. استخدم "نسيت كلمة المرور؟" في صفحة تسجيل الدخول لتعيين واحدة عبر البريد الإلكتروني.',
  'Password is incorrect.': 'كلمة المرور غير صحيحة.',
  'Type DELETE to confirm.': 'اكتب DELETE للتأكيد.',
  'Choose a PNG, JPEG, JPG, GIF or WebP image.': 'اختر صورة بصيغة PNG أو JPEG أو JPG أو GIF أو WebP.',
  'The image must be at most 5 MB.': 'يجب ألا يزيد حجم الصورة على 5 ميغابايت.',
  'The image must be at most 40 megapixels.': 'يجب ألا تزيد دقة الصورة على 40 ميغابكسل.',
  'Send the profile fields and at most one image.': 'أرسل حقول الملف الشخصي وصورة واحدة على الأكثر.',
  'Send the picture in the "image" field.': 'أرسل الصورة في الحقل "image".',
  'The form could not be read. Please send it again.': 'تعذّرت قراءة النموذج. يُرجى إرساله مرة أخرى.',
  // AddressMessages
  'Address is required.': 'العنوان مطلوب.',
  'Address must be at most 200 characters long.': 'يجب ألا يزيد العنوان على 200 حرف.',
  'Remove line breaks and control characters.': 'احذف فواصل الأسطر وأحرف التحكم.',
  'City is required.': 'المدينة مطلوبة.',
  'City must be at most 100 characters long.': 'يجب ألا يزيد اسم المدينة على 100 حرف.',
  'Country is required.': 'الدولة مطلوبة.',
  'Choose a country from the list.': 'اختر دولة من القائمة.',
  'Phone number is required.': 'رقم الهاتف مطلوب.',
  'Phone number must be at most 30 characters long.': 'يجب ألا يزيد رقم الهاتف على 30 حرفًا.',
  'Zip code must be at most 20 characters long.': 'يجب ألا يزيد الرمز البريدي على 20 حرفًا.',
  'Zip code may contain only letters, digits, spaces and hyphens.':
    'لا يجوز أن يحتوي الرمز البريدي إلا على أحرف وأرقام ومسافات وشرطات.',
  'Recipient name must be at most 100 characters long.': 'يجب ألا يزيد اسم المستلم على 100 حرف.',
  'Enter a name the courier can read, or leave it empty.': 'أدخل اسمًا يستطيع المندوب قراءته، أو اترك الحقل فارغًا.',
  'isMain must be true or false.': 'يجب أن تكون قيمة isMain إما true أو false.',
  'Address id must be a positive whole number.': 'يجب أن يكون معرّف العنوان عددًا صحيحًا موجبًا.',
  'This address does not exist.': 'هذا العنوان غير موجود.',
  'You can keep at most 20 addresses. Delete one to add another.':
    'يمكنك الاحتفاظ بـ 20 عنوانًا على الأكثر. احذف عنوانًا لتضيف آخر.',
  // AuthMessages
  'Email Address must be at most 254 characters long.': 'يجب ألا يزيد البريد الإلكتروني على 254 حرفًا.',
  'User Name must be at most 50 characters long.': 'يجب ألا يزيد اسم المستخدم على 50 حرفًا.',
  'Password must be at most 128 characters long.': 'يجب ألا تزيد كلمة المرور على 128 حرفًا.',
  'Unknown time zone.': 'منطقة زمنية غير معروفة.',
  'Login Failed': 'فشل تسجيل الدخول',
  'Invalid email address or password.': 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  'Email Not Confirmed': 'البريد الإلكتروني غير مؤكَّد',
  'Registration successful. Check your email to confirm your address.':
    'تم التسجيل بنجاح. تفقّد بريدك الإلكتروني لتأكيد عنوانك.',
  'If this email address is registered and not yet confirmed, we have sent it a new confirmation link.':
    'إذا كان هذا البريد الإلكتروني مسجّلًا ولم يُؤكَّد بعد، فقد أرسلنا إليه رابط تأكيد جديدًا.',
  'If an account uses this email address, we have sent it a link to reset the password.':
    'إذا كان هناك حساب يستخدم هذا البريد الإلكتروني، فقد أرسلنا إليه رابطًا لإعادة تعيين كلمة المرور.',
  'Invalid Link': 'رابط غير صالح',
  'This confirmation link is invalid, has expired or has already been used.':
    'رابط التأكيد هذا غير صالح أو منتهي الصلاحية أو مستخدم من قبل.',
  'This password reset link is invalid, has expired or has already been used.':
    'رابط إعادة تعيين كلمة المرور هذا غير صالح أو منتهي الصلاحية أو مستخدم من قبل.',
  'Google Sign-In Failed': 'فشل تسجيل الدخول عبر Google',
  'Your Google sign-in could not be verified. Please try again.':
    'تعذّر التحقق من تسجيل دخولك عبر Google. يُرجى المحاولة مرة أخرى.',
  'Google sign-in is not enabled.': 'تسجيل الدخول عبر Google غير مفعّل.',
  'Account Already Exists': 'الحساب موجود بالفعل',
  'An account with this email address already exists. Log in with your password (or use Forgot Password ? to set one), then link Google sign-in on your account page.':
    'يوجد حساب بهذا البريد الإلكتروني بالفعل. سجّل الدخول بكلمة مرورك (أو استخدم "نسيت كلمة المرور؟" لتعيين واحدة)، ثم اربط تسجيل الدخول عبر Google من صفحة حسابك.',
  'Google Sign-In Not Linked': 'لم يُربط تسجيل الدخول عبر Google',
  'This Google account is already linked to another account.': 'حساب Google هذا مرتبط بحساب آخر بالفعل.',
  'Google sign-in is linked to your account.': 'رُبط تسجيل الدخول عبر Google بحسابك.',
  'Sign in to continue.': 'سجّل الدخول للمتابعة.',
  'Your session has ended. Please log in again.': 'انتهت جلستك. يُرجى تسجيل الدخول مرة أخرى.',
  'Only customers can do this.': 'هذا متاح للعملاء فقط.',
  'Only staff can do this.': 'هذا متاح للموظفين فقط.',
  'Your account is waiting for an administrator to give it a role.': 'حسابك بانتظار أن يمنحه أحد المسؤولين دورًا.',
  'Your role does not allow this.': 'دورك لا يسمح بهذا.',
  'Only an Admin can do this.': 'هذا متاح للمسؤول فقط.',
  'You cannot change your own role.': 'لا يمكنك تغيير دورك بنفسك.',
  'The shop must keep at least one Admin. Give another staff member the Admin role first.':
    'يجب أن يبقى للمتجر مسؤول واحد على الأقل. امنح دور المسؤول لموظف آخر أولًا.',
  'No staff member has this id.': 'لا يوجد موظف بهذا المعرّف.',
  // BookAdminMessages
  'Title is required.': 'العنوان مطلوب.',
  'Title must be at most 300 characters long.': 'يجب ألا يزيد العنوان على 300 حرف.',
  'A book with this title already exists.': 'يوجد كتاب بهذا العنوان بالفعل.',
  'Description is required.': 'الوصف مطلوب.',
  'Description must be at most 5000 characters long.': 'يجب ألا يزيد الوصف على 5000 حرف.',
  'Arabic title must be at most 300 characters long.': 'يجب ألا يزيد العنوان العربي على 300 حرف.',
  'Arabic description must be at most 5000 characters long.': 'يجب ألا يزيد الوصف العربي على 5000 حرف.',
  'An Arabic name must be at most 100 characters long.': 'يجب ألا يزيد الاسم العربي على 100 حرف.',
  'Leave this empty or type visible text.': 'اترك هذا الحقل فارغًا أو اكتب نصًا ظاهرًا.',
  'ISBN must be a valid ISBN-10 or ISBN-13.': 'يجب أن يكون الرقم الدولي (ISBN) صالحًا من 10 أو 13 رقمًا.',
  'A book with this ISBN already exists.': 'يوجد كتاب بهذا الرقم الدولي (ISBN) بالفعل.',
  'Price must be a number with at most 2 decimals, such as 49.99.':
    'يجب أن يكون السعر رقمًا بخانتين عشريتين على الأكثر، مثل 49.99.',
  'Price must be more than 0.': 'يجب أن يكون السعر أكبر من 0.',
  'Price must be at most 100000.': 'يجب ألا يزيد السعر على 100000.',
  'Discount must be a percentage with at most 3 digits and 2 decimals, such as 12.5.':
    'يجب أن يكون الخصم نسبة مئوية من 3 أرقام على الأكثر وخانتين عشريتين، مثل 12.5.',
  'Discount must be between 0 and 100.': 'يجب أن يكون الخصم بين 0 و100.',
  'Stock quantity must be a whole number, 0 or more.': 'يجب أن تكون كمية المخزون عددًا صحيحًا، 0 أو أكثر.',
  'Stock quantity must be at most 1000000.': 'يجب ألا تزيد كمية المخزون على 1000000.',
  'Must be true or false.': 'يجب أن تكون القيمة true أو false.',
  'Add at least one author.': 'أضف مؤلفًا واحدًا على الأقل.',
  'Add at least one genre.': 'أضف فئة واحدة على الأقل.',
  'At most 20 entries.': '20 إدخالًا على الأكثر.',
  'A new name is required.': 'الاسم الجديد مطلوب.',
  'A name must be at most 100 characters long.': 'يجب ألا يزيد الاسم على 100 حرف.',
  'Each entry must be an existing id, { "id": …, "nameAr": "…" } to set its Arabic name, or { "name": "…" } for a new one.':
    'يجب أن يكون كل إدخال معرّفًا موجودًا، أو { "id": …, "nameAr": "…" } لتعيين اسمه العربي، أو { "name": "…" } لإدخال جديد.',
  'This author does not exist.': 'هذا المؤلف غير موجود.',
  'This genre does not exist.': 'هذه الفئة غير موجودة.',
  'A book can have at most 10 images.': 'يمكن أن يكون للكتاب 10 صور على الأكثر.',
  'Images must be png, jpeg, jpg, gif or webp.': 'يجب أن تكون الصور بصيغة png أو jpeg أو jpg أو gif أو webp.',
  'Each image must be at most 10 MB.': 'يجب ألا يزيد حجم كل صورة على 10 ميغابايت.',
  'Each image must be at most 40 megapixels.': 'يجب ألا تزيد دقة كل صورة على 40 ميغابكسل.',
  'The main image must be one of the images.': 'يجب أن تكون الصورة الرئيسية إحدى الصور.',
  'keepImageUrls must list images this book has.': 'يجب أن يذكر keepImageUrls صورًا موجودة لهذا الكتاب.',
  'Book id must be a positive whole number.': 'يجب أن يكون معرّف الكتاب عددًا صحيحًا موجبًا.',
  'This book does not exist.': 'هذا الكتاب غير موجود.',
  'The form could not be read. Send multipart/form-data.': 'تعذّرت قراءة النموذج. أرسله بصيغة multipart/form-data.',
  'Send files in the images field only.': 'أرسل الملفات في الحقل images فقط.',
  'Book added.': 'أُضيف الكتاب.',
  'Book saved.': 'حُفظ الكتاب.',
  // CartMessages
  'Book id is required.': 'معرّف الكتاب مطلوب.',
  'Quantity must be a whole number.': 'يجب أن تكون الكمية عددًا صحيحًا.',
  'Quantity must be at least 1.': 'يجب ألا تقل الكمية عن 1.',
  'Quantity cannot be negative.': 'لا يمكن أن تكون الكمية سالبة.',
  'Quantity must be at most 999.': 'يجب ألا تزيد الكمية على 999.',
  'Items are required.': 'العناصر مطلوبة.',
  'A cart can hold at most 100 different books.': 'تتسع السلة لـ 100 كتاب مختلف على الأكثر.',
  'This book is not in your cart.': 'هذا الكتاب ليس في سلتك.',
  'Your cart can hold at most 100 different books.': 'تتسع سلتك لـ 100 كتاب مختلف على الأكثر.',
  'This book is now out of stock. Remove it to continue to checkout.': 'نفدت كمية هذا الكتاب الآن. أزله لمتابعة الدفع.',
  // CheckoutMessages
  'Choose a delivery address.': 'اختر عنوان التوصيل.',
  'Choose a delivery method.': 'اختر طريقة التوصيل.',
  'Choose Standard Delivery or Next-Day Delivery.': 'اختر التوصيل العادي أو التوصيل في اليوم التالي.',
  'Your cart is empty. Add a book before checking out.': 'سلتك فارغة. أضف كتابًا قبل الدفع.',
  'sessionId is required.': 'sessionId مطلوب.',
  'sessionId is not a checkout session id.': 'sessionId ليس معرّف جلسة دفع.',
  'This checkout session does not exist.': 'جلسة الدفع هذه غير موجودة.',
  'Payments are unavailable right now. Please try again in a few minutes.':
    'الدفع غير متاح الآن. يُرجى المحاولة بعد بضع دقائق.',
  'An order can include at most 20 copies of a title. For a bulk order, please write to us at /contact-us.':
    'يمكن أن يتضمن الطلب 20 نسخة على الأكثر من العنوان الواحد. للطلبات الكبيرة، يُرجى مراسلتنا عبر /contact-us.',
  'Your checkout was replaced by a newer one from another tab or device. Please try again.':
    'حلّت محلَّ عملية الدفع هذه عمليةٌ أحدث من علامة تبويب أو جهاز آخر. يُرجى المحاولة مرة أخرى.',
  // CodMessages
  'Cash on delivery is available only for delivery addresses in the UAE.':
    'الدفع عند الاستلام متاح فقط لعناوين التوصيل داخل الإمارات.',
  'Cash on delivery is available only for orders up to Dhs 1,000.00, the Dhs 10.00 fee included.':
    'الدفع عند الاستلام متاح فقط للطلبات حتى 1,000.00 درهم، شاملةً رسوم 10.00 دراهم.',
  "Choose 'card' or 'cod'.": "اختر 'card' أو 'cod'.",
  'Confirm the cash was collected (cashCollected: true). If the customer refused the parcel, cancel the order instead.':
    'أكّد تحصيل المبلغ نقدًا (cashCollected: true). إذا رفض العميل الطرد، فألغِ الطلب بدلًا من ذلك.',
  'This order is paid in cash on delivery.': 'يُدفع هذا الطلب نقدًا عند الاستلام.',
  'Your order is already on its way, so it can no longer be cancelled here. You can refuse the parcel when the courier arrives.':
    'طلبك في الطريق إليك، فلم يعد إلغاؤه من هنا ممكنًا. يمكنك رفض الطرد عند وصول المندوب.',
  // DeliveryMessages
  'Standard Delivery': 'التوصيل العادي',
  'Delivered in 2 to 4 working days. Free on orders over Dhs 150.00.':
    'يصل خلال 2 إلى 4 أيام عمل. مجاني للطلبات فوق 150.00 درهم.',
  'Next-Day Delivery': 'التوصيل في اليوم التالي',
  'Delivered the next working day when ordered before 2 PM.': 'يصل في يوم العمل التالي إذا طُلب قبل الساعة 2 ظهرًا.',
  'Next-day delivery is only offered when every book in your cart is eligible for it.':
    'لا يُتاح التوصيل في اليوم التالي إلا إذا كانت كل الكتب في سلتك مؤهلة له.',
  'This delivery method is not available for your cart.': 'طريقة التوصيل هذه غير متاحة لسلتك.',
  'Choose the emirate on this address if it is one of them.': 'اختر الإمارة في هذا العنوان إن كان في إحداها.',
  // EmirateMessages
  'Choose one of the seven emirates: Abu Dhabi, Dubai, Sharjah, Ajman, Umm Al Quwain, Ras Al Khaimah, Fujairah.':
    'اختر إحدى الإمارات السبع: أبوظبي، دبي، الشارقة، عجمان، أم القيوين، رأس الخيمة، الفجيرة.',
  // FulfilmentMessages
  "Send status 'packed': shipments record the rest.": "أرسل الحالة 'packed': الشحنات تسجّل ما بعدها.",
  'This order is not paid yet: it cannot be packed or shipped.': 'هذا الطلب غير مدفوع بعد: لا يمكن تغليفه أو شحنه.',
  'This order is cancelled: it cannot be packed or shipped.': 'هذا الطلب ملغى: لا يمكن تغليفه أو شحنه.',
  'This order is already packed.': 'هذا الطلب مغلَّف بالفعل.',
  'This order has already shipped.': 'شُحن هذا الطلب بالفعل.',
  'Every copy of this order has already shipped.': 'شُحنت كل نسخ هذا الطلب بالفعل.',
  'Choose one of the carriers: Aramex, Emirates Post, DHL Express or Shop courier.':
    'اختر إحدى شركات الشحن: Aramex أو بريد الإمارات أو DHL Express أو مندوب المتجر.',
  'Enter the tracking number the carrier gave you.': 'أدخل رقم التتبع الذي أعطتك إياه شركة الشحن.',
  'The tracking number must be 4 to 40 letters, digits or dashes.':
    'يجب أن يكون رقم التتبع من 4 إلى 40 حرفًا أو رقمًا أو شرطة.',
  'Quantity must be a whole number of at least 1.': 'يجب أن تكون الكمية عددًا صحيحًا لا يقل عن 1.',
  'Choose at least one line to ship.': 'اختر سطرًا واحدًا على الأقل لشحنه.',
  'Name each book once.': 'اذكر كل كتاب مرة واحدة.',
  'This shipment does not exist.': 'هذه الشحنة غير موجودة.',
  "Send status 'delivered'.": "أرسل الحالة 'delivered'.",
  'This shipment is already delivered.': 'سُلّمت هذه الشحنة بالفعل.',
  'This order was paid by card: there is no cash to collect.': 'دُفع هذا الطلب بالبطاقة: لا يوجد مبلغ نقدي لتحصيله.',
  'Copies of this order have already shipped, so it can no longer be cancelled: record a return instead.':
    'شُحنت نسخ من هذا الطلب بالفعل، فلم يعد إلغاؤه ممكنًا: سجّل إرجاعًا بدلًا من ذلك.',
  'Shipment id must be a positive whole number.': 'يجب أن يكون معرّف الشحنة عددًا صحيحًا موجبًا.',
  // LinkMessages
  'The URL is required.': 'الرابط مطلوب.',
  'The URL must be at most 2048 characters long.': 'يجب ألا يزيد الرابط على 2048 حرفًا.',
  'Only addresses of pages in this shop can be shortened.': 'لا يمكن اختصار إلا عناوين صفحات هذا المتجر.',
  'A short link id is 1 to 8 letters, digits, "-" or "_".':
    'معرّف الرابط المختصر من 1 إلى 8 أحرف أو أرقام أو "-" أو "_".',
  'This short link does not exist.': 'هذا الرابط المختصر غير موجود.',
  'Link copied.': 'نُسخ الرابط.',
  'Could not share the link.': 'تعذّرت مشاركة الرابط.',
  'Your browser allowed neither sharing nor copying. Copy the address from the address bar instead.':
    'لم يسمح متصفحك بالمشاركة ولا بالنسخ. انسخ العنوان من شريط العنوان بدلًا من ذلك.',
  // Messages
  'Invalid Email Address.': 'البريد الإلكتروني غير صالح.',
  'Username is required.': 'اسم المستخدم مطلوب.',
  'User Name has to be at least 4 characters.': 'يجب ألا يقل اسم المستخدم عن 4 أحرف.',
  'Password is required.': 'كلمة المرور مطلوبة.',
  'Password must be at least 8 characters long.': 'يجب ألا تقل كلمة المرور عن 8 أحرف.',
  'Password must contain at least one lowercase letter.': 'يجب أن تحتوي كلمة المرور على حرف صغير واحد على الأقل.',
  'Password must contain at least one uppercase letter.': 'يجب أن تحتوي كلمة المرور على حرف كبير واحد على الأقل.',
  'Password must contain at least one number.': 'يجب أن تحتوي كلمة المرور على رقم واحد على الأقل.',
  'Password must contain at least one special character.': 'يجب أن تحتوي كلمة المرور على رمز خاص واحد على الأقل.',
  'Confirm password is required.': 'تأكيد كلمة المرور مطلوب.',
  "Passwords don't match.": 'كلمتا المرور غير متطابقتين.',
  'First name is required.': 'الاسم الأول مطلوب.',
  'First name must be at least 2 characters long.': 'يجب ألا يقل الاسم الأول عن حرفين.',
  'First name must be at most 50 characters long.': 'يجب ألا يزيد الاسم الأول على 50 حرفًا.',
  'Last name is required.': 'اسم العائلة مطلوب.',
  'Last name must be at least 2 characters long.': 'يجب ألا يقل اسم العائلة عن حرفين.',
  'Last name must be at most 50 characters long.': 'يجب ألا يزيد اسم العائلة على 50 حرفًا.',
  'Too Many Request': 'طلبات كثيرة جدًا',
  'Too many requests, Calm down horse !': 'طلبات كثيرة جدًا، تمهّل قليلًا ثم أعد المحاولة.',
  'Too many requests, Please Try Again later.': 'طلبات كثيرة جدًا، يُرجى المحاولة لاحقًا.',
  Error: 'خطأ',
  'An unexpected error occurred. Please try again later.': 'حدث خطأ غير متوقع. يُرجى المحاولة لاحقًا.',
  'Many pictures are being processed just now. Please send yours again in a moment.':
    'تجري معالجة صور كثيرة الآن. يُرجى إرسال صورتك مرة أخرى بعد قليل.',
  'Failed to fetch authors. Please try again later.': 'تعذّر جلب المؤلفين. يُرجى المحاولة لاحقًا.',
  'Failed to fetch genres. Please try again later.': 'تعذّر جلب الفئات. يُرجى المحاولة لاحقًا.',
  'Book Added To Cart.': 'أُضيف الكتاب إلى السلة.',
  'Failed to add book to cart.': 'تعذّرت إضافة الكتاب إلى السلة.',
  'Book Added To Wishlist.': 'أُضيف الكتاب إلى المفضلة.',
  'LOGIN TO ADD WISHLIST': 'سجّل الدخول للإضافة إلى المفضلة',
  'Already Added': 'مضاف بالفعل',
  'ADD TO CART': 'أضف إلى السلة',
  'Out of Stock': 'نفدت الكمية',
  'Page Not Found': 'الصفحة غير موجودة',
  'Back To Home Page': 'العودة إلى الصفحة الرئيسية',
  'What are you looking for?': 'عمّ تبحث؟',
  'Search by author, book or genre Name.': 'ابحث باسم المؤلف أو الكتاب أو الفئة.',
  'Loading...': 'جارٍ التحميل...',
  'Error Fetching Books.': 'تعذّر جلب الكتب.',
  'No Books found.': 'لم نجد كتبًا!',
  'An Error Has Occurred!': 'حدث خطأ!',
  // OrderMessages
  'Order id must be a positive whole number.': 'يجب أن يكون رقم الطلب عددًا صحيحًا موجبًا.',
  'This order does not exist.': 'هذا الطلب غير موجود.',
  'Status must be 1 (Pending), 2 (Completed) or 3 (Cancelled).':
    'يجب أن تكون الحالة 1 (قيد الانتظار) أو 2 (مكتمل) أو 3 (ملغى).',
  'Use a date such as 2026-01-31.': 'استخدم تاريخًا مثل 2026-01-31.',
  'The start date must not be after the end date.': 'يجب ألا يكون تاريخ البداية بعد تاريخ النهاية.',
  'Customer filter must be at most 100 characters long.': 'يجب ألا يزيد مرشّح العميل على 100 حرف.',
  'Staff can only cancel an order: send status 3.': 'لا يمكن للموظفين إلا إلغاء الطلب: أرسل الحالة 3.',
  'Give a reason for the cancellation.': 'اذكر سبب الإلغاء.',
  'The reason must be at most 500 characters long.': 'يجب ألا يزيد السبب على 500 حرف.',
  'This order is already cancelled.': 'هذا الطلب ملغى بالفعل.',
  'Order cancelled.': 'أُلغي الطلب.',
  'Order cancelled and refunded.': 'أُلغي الطلب واستُرد المبلغ.',
  'This order is no longer awaiting payment.': 'لم يعد هذا الطلب بانتظار الدفع.',
  // ReturnMessages
  'Return not found.': 'طلب الإرجاع غير موجود.',
  'Only delivered copies can be returned.': 'لا يمكن إرجاع إلا النسخ المسلَّمة.',
  'Copies can be returned within 14 days of delivery.': 'يمكن إرجاع النسخ خلال 14 يومًا من التسليم.',
  'Each book may appear once.': 'يجوز أن يرد كل كتاب مرة واحدة.',
  'The reason must be between 10 and 500 characters.': 'يجب أن يكون السبب بين 10 و500 حرف.',
  'Only a requested return can be approved or rejected.': 'لا يمكن قبول أو رفض إلا طلب إرجاع مقدَّم.',
  'Only an approved return can be received.': 'لا يمكن استلام إلا إرجاع مقبول.',
  'This return has no refund owed.': 'لا يستحق هذا الإرجاع أي استرداد.',
  'Give a status or refundPaid.': 'اذكر status أو refundPaid.',
  // ReviewMessages
  'Choose a rating from 1 to 5 stars.': 'اختر تقييمًا من نجمة إلى 5 نجوم.',
  'Rating must be a whole number from 1 to 5.': 'يجب أن يكون التقييم عددًا صحيحًا من 1 إلى 5.',
  'Subject is required.': 'الموضوع مطلوب.',
  'Subject must be at least 3 characters long.': 'يجب ألا يقل الموضوع عن 3 أحرف.',
  'Subject must be at most 100 characters long.': 'يجب ألا يزيد الموضوع على 100 حرف.',
  'Comment is required.': 'التعليق مطلوب.',
  'Comment must be at least 10 characters long.': 'يجب ألا يقل التعليق عن 10 أحرف.',
  'Comment must be at most 2000 characters long.': 'يجب ألا يزيد التعليق على 2000 حرف.',
  'Review id must be a positive whole number.': 'يجب أن يكون معرّف المراجعة عددًا صحيحًا موجبًا.',
  'This review does not exist.': 'هذه المراجعة غير موجودة.',
  'Only customers who bought this book can review it. Reviews open once your order is completed.':
    'لا يمكن مراجعة هذا الكتاب إلا لمن اشتراه من العملاء. تُتاح المراجعة بعد اكتمال طلبك.',
  'You have already reviewed this book. Edit your review instead.': 'راجعت هذا الكتاب من قبل. عدّل مراجعتك بدلًا من ذلك.',
  'Hidden must be true or false.': 'يجب أن تكون قيمة Hidden إما true أو false.',
  'Only customers who bought this book can review it': 'لا يمكن مراجعة هذا الكتاب إلا لمن اشتراه من العملاء',
  'Verified purchase': 'شراء موثَّق',
  'Thank you: your review is published.': 'شكرًا لك: نُشرت مراجعتك.',
  'Your review is updated.': 'حُدّثت مراجعتك.',
  'Your review is deleted.': 'حُذفت مراجعتك.',
  'The review is hidden.': 'أُخفيت المراجعة.',
  'The review is shown again.': 'أُظهرت المراجعة من جديد.',
  // SandboxCheckoutMessages
  'Your email address is incomplete.': 'بريدك الإلكتروني غير مكتمل.',
  'Your email address is invalid.': 'بريدك الإلكتروني غير صالح.',
  'Your card number is incomplete.': 'رقم بطاقتك غير مكتمل.',
  'Your card number is invalid.': 'رقم بطاقتك غير صالح.',
  "Your card's expiration date is incomplete.": 'تاريخ انتهاء بطاقتك غير مكتمل.',
  "Your card's expiration date is invalid.": 'تاريخ انتهاء بطاقتك غير صالح.',
  "Your card's expiration year is in the past.": 'سنة انتهاء بطاقتك في الماضي.',
  "Your card's expiration date is in the past.": 'تاريخ انتهاء بطاقتك في الماضي.',
  "Your card's security code is incomplete.": 'رمز الأمان لبطاقتك غير مكتمل.',
  'Your cardholder name is incomplete.': 'اسم حامل البطاقة غير مكتمل.',
  'Your card was declined.': 'رُفضت بطاقتك.',
  'Your card has insufficient funds.': 'رصيد بطاقتك غير كافٍ.',
  'Your card has expired.': 'انتهت صلاحية بطاقتك.',
  "Your card's security code is incorrect.": 'رمز الأمان لبطاقتك غير صحيح.',
  'Your card was declined. This is a test page: use a test card such as 4242 4242 4242 4242.':
    'رُفضت بطاقتك. هذه صفحة تجريبية: استخدم بطاقة تجريبية مثل 4242 4242 4242 4242.',
  'This order has already been paid. You have not been charged again.':
    'دُفع هذا الطلب بالفعل، ولم يُخصم منك المبلغ مرة أخرى.',
  'This payment page has expired, so it can no longer be paid.':
    'انتهت صلاحية صفحة الدفع هذه، فلم يعد الدفع بها ممكنًا.',
  'This payment page does not exist.': 'صفحة الدفع هذه غير موجودة.',
  // StockAlertMessages
  'This book is in stock: you can buy it now.': 'هذا الكتاب متوفر: يمكنك شراؤه الآن.',
  'You have not asked to be told about this book.': 'لم تطلب أن نُعلمك بتوفر هذا الكتاب.',
  "Notify me when it's back": 'أعلمني عند توفره',
  "We'll e-mail you": 'سنراسلك بالبريد الإلكتروني',
  'We could not save your request.': 'تعذّر حفظ طلبك.',
  // StockMessages
  'Change must be a whole number between -1000000 and 1000000, not 0.':
    'يجب أن يكون التغيير عددًا صحيحًا بين -1000000 و1000000، لا 0.',
  'Reason must be one of received, damaged, correction.': 'يجب أن يكون السبب أحد: received أو damaged أو correction.',
  'Note must be at most 500 characters long.': 'يجب ألا تزيد الملاحظة على 500 حرف.',
  'Note must have visible text, or be left empty.': 'يجب أن تحتوي الملاحظة على نص ظاهر، أو أن تُترك فارغة.',
  'Copies received must be 1 or more.': 'يجب أن تكون النسخ المستلمة 1 أو أكثر.',
  'Damaged copies are taken off: the change must be below 0.': 'النسخ التالفة تُخصم: يجب أن يكون التغيير أقل من 0.',
  'Stock cannot go above 1000000.': 'لا يمكن أن يزيد المخزون على 1000000.',
  'Stock movement recorded.': 'سُجّلت حركة المخزون.',
  // SupportMessages
  'Subject must be at most 150 characters long.': 'يجب ألا يزيد الموضوع على 150 حرفًا.',
  'Message is required.': 'الرسالة مطلوبة.',
  'Message must be at least 10 characters long.': 'يجب ألا تقل الرسالة عن 10 أحرف.',
  'Message must be at most 5000 characters long.': 'يجب ألا تزيد الرسالة على 5000 حرف.',
  'Name is required.': 'الاسم مطلوب.',
  'Name must be at least 2 characters long.': 'يجب ألا يقل الاسم عن حرفين.',
  'Name must be at most 50 characters long.': 'يجب ألا يزيد الاسم على 50 حرفًا.',
  'Reply is required.': 'الرد مطلوب.',
  'Reply must be at most 5000 characters long.': 'يجب ألا يزيد الرد على 5000 حرف.',
  'Choose one of your own orders.': 'اختر أحد طلباتك.',
  'Leave this field empty.': 'اترك هذا الحقل فارغًا.',
  'Ticket id must be a positive whole number.': 'يجب أن يكون رقم التذكرة عددًا صحيحًا موجبًا.',
  'This support ticket does not exist.': 'تذكرة الدعم هذه غير موجودة.',
  "Status must be 'open' or 'closed'.": "يجب أن تكون الحالة 'open' أو 'closed'.",
  "Status must be 'open', 'closed' or 'all'.": "يجب أن تكون الحالة 'open' أو 'closed' أو 'all'.",
  'Search must be at most 100 characters long.': 'يجب ألا يزيد نص البحث على 100 حرف.',
  'Your reply was sent. We will answer soon.': 'أُرسل ردّك. سنجيبك قريبًا.',
  'This ticket is closed. Reopen it before replying.': 'هذه التذكرة مغلقة. أعد فتحها قبل الرد.',
  'Thank you for your message. We have e-mailed you a copy and will answer soon.':
    'شكرًا لرسالتك. أرسلنا إليك نسخة منها بالبريد الإلكتروني وسنجيبك قريبًا.',
  'Bookshop Support': 'دعم المكتبة',
  // TaxDocumentMessages
  'A credit note number looks like CN-2026-000001.': 'رقم إشعار الدائن يشبه CN-2026-000001.',
  'This order has no invoice yet: it is issued when the order is paid.':
    'لا توجد فاتورة لهذا الطلب بعد: تصدر الفاتورة عند دفع الطلب.',
  'This order has no such credit note.': 'لا يوجد لهذا الطلب إشعار دائن كهذا.',
  'Download invoice': 'تنزيل الفاتورة',
  'The document could not be downloaded. Please try again.': 'تعذّر تنزيل المستند. يُرجى المحاولة مرة أخرى.',
  // TestModeMessages
  'TEST MODE — no real payments': 'وضع تجريبي — لا مدفوعات حقيقية',
  'Test mode': 'وضع تجريبي',
  TEST: 'تجريبي',
  'Placed in TEST MODE: no card was charged': 'طُلب في الوضع التجريبي: لم تُخصم أي مبالغ من أي بطاقة',
  // TextMessages
  'This text contains an invalid character. Please type it again.':
    'يحتوي هذا النص على حرف غير صالح. يُرجى كتابته مرة أخرى.',
  'This text contains hidden characters that change its direction. Please type it again.':
    'يحتوي هذا النص على أحرف مخفية تغيّر اتجاهه. يُرجى كتابته مرة أخرى.',
  // VatReportMessages
  'Give the first day of the period as a date such as 2026-01-01.': 'اذكر أول يوم في الفترة بتاريخ مثل 2026-01-01.',
  'Give the last day of the period as a date such as 2026-03-31.': 'اذكر آخر يوم في الفترة بتاريخ مثل 2026-03-31.',
  'The last day must not be before the first day.': 'يجب ألا يكون اليوم الأخير قبل اليوم الأول.',
  'A period can be at most 366 days long.': 'يمكن أن تمتد الفترة 366 يومًا على الأكثر.',
  // WishlistMessages
  'Book ids are required.': 'معرّفات الكتب مطلوبة.',
  'A wishlist can hold at most 500 books.': 'تتسع المفضلة لـ 500 كتاب على الأكثر.',
  'This book is not in your wishlist.': 'هذا الكتاب ليس في مفضلتك.',
  'Your wishlist can hold at most 500 books.': 'تتسع مفضلتك لـ 500 كتاب على الأكثر.',
};

/**
 * '3 نسخ': a number of copies with Arabic's plural forms (one, two, three to ten, eleven and up),
 * digits Latin as on the storefront's Arabic pages (decision 089).
 */
export function arabicCopies(count: number): string {
  if (count === 1) return 'نسخة واحدة';
  if (count === 2) return 'نسختان';
  const hundreds = count % 100;
  return hundreds >= 3 && hundreds <= 10 ? `${count} نسخ` : `${count} نسخة`;
}

const PLACES: Readonly<Record<string, string>> = {
  'Abu Dhabi': 'أبوظبي',
  Dubai: 'دبي',
  Sharjah: 'الشارقة',
  Ajman: 'عجمان',
  'Umm Al Quwain': 'أم القيوين',
  'Ras Al Khaimah': 'رأس الخيمة',
  Fujairah: 'الفجيرة',
  'Abu Dhabi city': 'مدينة أبوظبي',
  'all seven emirates of the UAE': 'الإمارات السبع كلها',
};

let countryCodes: Map<string, string> | undefined;

/** 'United Arab Emirates' → 'الإمارات العربية المتحدة', by way of its ISO code. */
function arabicCountry(english: string): string | undefined {
  if (!countryCodes) {
    const en = new Intl.DisplayNames(['en'], { type: 'region' });
    countryCodes = new Map();
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        try {
          const name = en.of(code);
          if (name && name !== code && !countryCodes.has(name)) countryCodes.set(name, code);
        } catch {
          // Not a region code.
        }
      }
    }
  }
  const code = countryCodes.get(english);
  return code ? new Intl.DisplayNames(['ar'], { type: 'region' }).of(code) : undefined;
}

/** A place as the contracts name it ('Dubai', 'the United Arab Emirates'), in Arabic where known. */
const arabicPlace = (english: string): string =>
  PLACES[english] ?? arabicCountry(english.replace(/^the /, '')) ?? english;

/** 'Dubai, Sharjah and Ajman' → 'دبي والشارقة وعجمان'. */
function arabicPlaces(list: string): string {
  const names = list.split(/, | and /).map(arabicPlace);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join('، ')} و${names.at(-1)}`;
}

/** An English message made by a function of the contracts, and its Arabic made from the same parts. */
type Template = readonly [english: RegExp, arabic: (parts: string[]) => string];

const n = Number;

const TEMPLATES: readonly Template[] = [
  // BookAdminMessages.jsonField
  [/^(.+) must be a JSON array\.$/s, ([field]) => `يجب أن يكون ${field} مصفوفة JSON.`],
  // SupportMessages.ticketCreated
  [
    /^Thank you\. Your ticket (.+) is open; we have e-mailed you a copy and will answer soon\.$/s,
    ([ticket]) => `شكرًا لك. فُتحت تذكرتك ${ticket}، وأرسلنا إليك نسخة منها بالبريد الإلكتروني وسنجيبك قريبًا.`,
  ],
  // CartMessages.outOfStock, CheckoutMessages.notEnoughStock (none left)
  [/^"(.+)" is out of stock\.$/s, ([title]) => `نفدت كمية "${title}".`],
  // CartMessages.notEnoughStock
  [
    /^Only (\d+) (?:copy|copies) of "(.+)" (?:is|are) in stock\.$/s,
    ([stock, title]) => `المتوفر من "${title}" ${arabicCopies(n(stock))} فقط.`,
  ],
  // CartMessages.lineNotEnoughStock
  [
    /^Only (\d+) (?:copy is|copies are) left\. Lower the quantity to continue to checkout\.$/,
    ([stock]) => `لم يتبقَّ إلا ${arabicCopies(n(stock))}. خفّض الكمية لمتابعة الدفع.`,
  ],
  // CartMessages.linePriceChanged
  [
    /^The price changed from (.+) to (.+) since you added it\.$/,
    ([before, now]) => `تغيّر السعر من ${arabicPrice(before!)} إلى ${arabicPrice(now!)} منذ أن أضفته.`,
  ],
  // AuthMessages.userNameTaken
  [/^This User Name "(.*)" is already taken\.$/s, ([name]) => `اسم المستخدم "${name}" مستخدم بالفعل.`],
  // AuthMessages.emailNotConfirmed
  [
    /^Please confirm your email address "(.*)" first: open the link we sent you, or ask for a new one\.$/s,
    ([email]) => `يُرجى تأكيد بريدك الإلكتروني "${email}" أولًا: افتح الرابط الذي أرسلناه إليك، أو اطلب رابطًا جديدًا.`,
  ],
  // AuthMessages.googleEmailMismatch
  [
    /^This Google account \((.*)\) does not use your account's email address \((.*)\)\. Choose the Google account with (.*)\.$/s,
    ([google, account]) =>
      `حساب Google هذا (${google}) لا يستخدم البريد الإلكتروني لحسابك (${account}). اختر حساب Google الذي يستخدم ${account}.`,
  ],
  // CheckoutMessages.notEnoughStock
  [
    /^Only (\d+) (?:copy|copies) of "(.+)" (?:is|are) left\.$/s,
    ([left, title]) => `لم يتبقَّ من "${title}" إلا ${arabicCopies(n(left))}.`,
  ],
  // CheckoutMessages.bookUnavailable
  [
    /^"(.+)" is no longer available\. Remove it from your cart to check out\.$/s,
    ([title]) => `لم يعد "${title}" متاحًا. أزله من سلتك لإتمام الدفع.`,
  ],
  // TaxDocumentMessages.downloadCreditNote
  [/^Download credit note (.+)$/, ([number]) => `تنزيل إشعار الدائن ${number}`],
  // StockAlertMessages.backInStock
  [/^(.+) is back in stock$/s, ([title]) => `${title} متوفر من جديد`],
  // Messages.emailAlreadyRegistered
  [/^This Email Address "(.*)" is already registered\.$/s, ([email]) => `البريد الإلكتروني "${email}" مسجّل بالفعل.`],
  // FulfilmentMessages.lineNotInOrder, ReturnMessages.lineNotInOrder
  [/^Book (.+) is not in this order\.$/, ([book]) => `الكتاب ${book} ليس في هذا الطلب.`],
  // FulfilmentMessages.lineTooMany
  [
    /^Only (\d+) (?:copy|copies) of '(.+)' (?:is|are) left to ship\.$/s,
    ([left, title]) => `لم يتبقَّ للشحن من '${title}' إلا ${arabicCopies(n(left))}.`,
  ],
  // ReturnMessages.lineTooMany
  [/^No copies of (.+) can be returned\.$/s, ([title]) => `لا يمكن إرجاع أي نسخة من ${title}.`],
  [
    /^Only (\d+) (?:copy|copies) of (.+) can be returned\.$/s,
    ([left, title]) => `لا يمكن إرجاع إلا ${arabicCopies(n(left))} من ${title}.`,
  ],
  // DeliveryMessages.notOffered
  [
    /^(.+) is offered only to addresses in ([^.]+)\.$/,
    ([method, where]) => `لا يُتاح ${EXACT[method!] ?? method} إلا للعناوين في ${arabicPlaces(where!)}.`,
  ],
  // DeliveryMessages.outsideZones
  [
    /^We deliver only to addresses in ([^.]+)\. Choose another address\.$/,
    ([countries]) => `لا نوصّل إلا إلى العناوين في ${arabicPlaces(countries!)}. اختر عنوانًا آخر.`,
  ],
  // StockMessages.belowZero
  [
    /^"(.+)" has (\d+) (?:copy|copies) for sale; stock cannot go below zero\.$/s,
    ([title, stock]) => `المعروض للبيع من "${title}" ${arabicCopies(n(stock))}؛ لا يمكن أن ينزل المخزون تحت الصفر.`,
  ],
  // StockMessages.stockChanged
  [
    /^The stock changed from (-?\d+) to (-?\d+) since this book was opened \(copies were sold, released or received\)\. Reload the book and enter your change again\.$/,
    ([was, now]) =>
      `تغيّر المخزون من ${was} إلى ${now} منذ فتح هذا الكتاب (بيعت نسخ أو أُعيدت أو استُلمت). أعد تحميل الكتاب وأدخل التغيير مرة أخرى.`,
  ],
  // AddressMessages.phoneInvalid
  [/^Enter a valid phone number for (.+)\.$/, ([country]) => `أدخل رقم هاتف صالحًا في ${arabicPlace(country!)}.`],
];

/** 'Dhs 12.50' → '12.50 درهم', as the Arabic pages write a price. */
const arabicPrice = (english: string): string => english.replace(/^Dhs (.+)$/, '$1 درهم');

function wholeMessage(english: string): string | undefined {
  const exact = EXACT[english];
  if (exact !== undefined) return exact;
  for (const [pattern, arabic] of TEMPLATES) {
    const match = pattern.exec(english);
    if (match) return arabic(match.slice(1));
  }
  return undefined;
}

/**
 * The Arabic of a message of the contracts, by its English text (`CartMessages.quantityMin`, or
 * `CartMessages.notEnoughStock('Dune', 2)` by its pattern), or undefined for any other text. Text
 * that joins messages ('… in Dubai. Choose the emirate …') is translated sentence by sentence
 * when every sentence is one of them.
 */
export function arabicMessage(english: string): string | undefined {
  const whole = wholeMessage(english);
  if (whole !== undefined) return whole;
  const sentences = english.split(/(?<=[.!?]) (?=\S)/);
  if (sentences.length < 2) return undefined;
  // The longest run of sentences that is one message, then the rest the same way.
  const parts: string[] = [];
  let start = 0;
  while (start < sentences.length) {
    let end = sentences.length;
    let found: string | undefined;
    for (; end > start; end--) {
      found = wholeMessage(sentences.slice(start, end).join(' '));
      if (found !== undefined) break;
    }
    if (found === undefined) return undefined;
    parts.push(found);
    start = end;
  }
  return parts.join(' ');
}
