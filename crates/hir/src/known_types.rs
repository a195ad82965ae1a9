//! Well-known framework types: enough metadata to tell an external name's namespace and to continue a
//! hierarchy past the sources (`List<T>` implements `IEnumerable<T>`, `Exception` derives from `Object`).
//!
//! A stand-in for reading reference assemblies: it covers the types C# code derives from or implements
//! most, and is data, so it grows without code changes.

use std::sync::OnceLock;

use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::ty::{Ty, TypeParam};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownKind {
    Class,
    Struct,
    Interface,
}

#[derive(Debug)]
pub struct KnownType {
    pub kind: KnownKind,
    /// For classes, the base class (the first listed); for all, the interfaces they declare, with the
    /// type's own parameters as `` `0 ``, `` `1 ``.
    pub base: Option<Ty>,
    pub interfaces: Vec<Ty>,
}

/// One line a type: `kind Full.Name`arity : Base, Interface{`0}, ...`.
const TABLE: &str = "
class System.Object
class System.ValueType : System.Object
class System.Enum : System.ValueType, System.IComparable, System.IFormattable, System.IConvertible
class System.Delegate : System.Object, System.ICloneable, System.Runtime.Serialization.ISerializable
class System.MulticastDelegate : System.Delegate
class System.String : System.Object, System.IComparable, System.ICloneable, System.IConvertible, System.IComparable`1{System.String}, System.Collections.Generic.IEnumerable`1{System.Char}, System.Collections.IEnumerable, System.IEquatable`1{System.String}
class System.Attribute : System.Object
class System.EventArgs : System.Object
class System.Exception : System.Object, System.Runtime.Serialization.ISerializable
class System.SystemException : System.Exception
class System.ApplicationException : System.Exception
class System.ArgumentException : System.SystemException
class System.ArgumentNullException : System.ArgumentException
class System.ArgumentOutOfRangeException : System.ArgumentException
class System.InvalidOperationException : System.SystemException
class System.NotSupportedException : System.SystemException
class System.NotImplementedException : System.SystemException
class System.ObjectDisposedException : System.InvalidOperationException
class System.FormatException : System.SystemException
class System.IO.IOException : System.SystemException
class System.Collections.Generic.KeyNotFoundException : System.SystemException
class System.OperationCanceledException : System.SystemException
class System.TimeoutException : System.SystemException
class System.MarshalByRefObject : System.Object
class System.IO.Stream : System.MarshalByRefObject, System.IDisposable, System.IAsyncDisposable
class System.IO.TextReader : System.MarshalByRefObject, System.IDisposable
class System.IO.TextWriter : System.MarshalByRefObject, System.IDisposable, System.IAsyncDisposable
class System.Collections.ObjectModel.Collection`1 : System.Object, System.Collections.Generic.IList`1{`0}, System.Collections.IList, System.Collections.Generic.IReadOnlyList`1{`0}
class System.Collections.ObjectModel.ReadOnlyCollection`1 : System.Object, System.Collections.Generic.IList`1{`0}, System.Collections.IList, System.Collections.Generic.IReadOnlyList`1{`0}
class System.Collections.ObjectModel.ObservableCollection`1 : System.Collections.ObjectModel.Collection`1{`0}, System.Collections.Specialized.INotifyCollectionChanged, System.ComponentModel.INotifyPropertyChanged
class System.Collections.Generic.List`1 : System.Object, System.Collections.Generic.IList`1{`0}, System.Collections.IList, System.Collections.Generic.IReadOnlyList`1{`0}
class System.Collections.Generic.Dictionary`2 : System.Object, System.Collections.Generic.IDictionary`2{`0,`1}, System.Collections.IDictionary, System.Collections.Generic.IReadOnlyDictionary`2{`0,`1}, System.Runtime.Serialization.ISerializable, System.Runtime.Serialization.IDeserializationCallback
class System.Collections.Generic.HashSet`1 : System.Object, System.Collections.Generic.ISet`1{`0}, System.Collections.Generic.IReadOnlyCollection`1{`0}, System.Runtime.Serialization.ISerializable, System.Runtime.Serialization.IDeserializationCallback
class System.Collections.Generic.Queue`1 : System.Object, System.Collections.Generic.IEnumerable`1{`0}, System.Collections.ICollection, System.Collections.Generic.IReadOnlyCollection`1{`0}
class System.Collections.Generic.Stack`1 : System.Object, System.Collections.Generic.IEnumerable`1{`0}, System.Collections.ICollection, System.Collections.Generic.IReadOnlyCollection`1{`0}
class System.Collections.Generic.LinkedList`1 : System.Object, System.Collections.Generic.ICollection`1{`0}, System.Collections.ICollection, System.Collections.Generic.IReadOnlyCollection`1{`0}, System.Runtime.Serialization.ISerializable, System.Runtime.Serialization.IDeserializationCallback
class System.Collections.Generic.SortedDictionary`2 : System.Object, System.Collections.Generic.IDictionary`2{`0,`1}, System.Collections.IDictionary, System.Collections.Generic.IReadOnlyDictionary`2{`0,`1}
class System.Collections.Generic.Comparer`1 : System.Object, System.Collections.IComparer, System.Collections.Generic.IComparer`1{`0}
class System.Collections.Generic.EqualityComparer`1 : System.Object, System.Collections.IEqualityComparer, System.Collections.Generic.IEqualityComparer`1{`0}
class System.Collections.CollectionBase : System.Object, System.Collections.IList
class System.Collections.ArrayList : System.Object, System.Collections.IList, System.ICloneable
class System.Collections.Hashtable : System.Object, System.Collections.IDictionary, System.Runtime.Serialization.ISerializable, System.Runtime.Serialization.IDeserializationCallback, System.ICloneable
class System.Threading.Tasks.Task : System.Object, System.IAsyncResult, System.IDisposable
class System.Threading.Tasks.Task`1 : System.Threading.Tasks.Task
class System.Threading.CancellationTokenSource : System.Object, System.IDisposable
class System.Text.StringBuilder : System.Object, System.Runtime.Serialization.ISerializable
class System.Random : System.Object
class System.Console : System.Object
class System.Math : System.Object
class System.Linq.Enumerable : System.Object
class System.Lazy`1 : System.Object
class System.Tuple`2 : System.Object, System.Collections.IStructuralEquatable, System.Collections.IStructuralComparable, System.IComparable, System.Runtime.CompilerServices.ITuple
struct System.Int32 : System.ValueType, System.IComparable, System.IFormattable, System.IConvertible, System.IComparable`1{System.Int32}, System.IEquatable`1{System.Int32}
struct System.Int64 : System.ValueType, System.IComparable, System.IFormattable, System.IConvertible, System.IComparable`1{System.Int64}, System.IEquatable`1{System.Int64}
struct System.Int16 : System.ValueType
struct System.UInt16 : System.ValueType
struct System.UInt32 : System.ValueType
struct System.UInt64 : System.ValueType
struct System.Byte : System.ValueType
struct System.SByte : System.ValueType
struct System.Char : System.ValueType
struct System.Boolean : System.ValueType
struct System.Single : System.ValueType
struct System.Double : System.ValueType
struct System.Decimal : System.ValueType
struct System.IntPtr : System.ValueType
struct System.UIntPtr : System.ValueType
struct System.DateTime : System.ValueType, System.IComparable, System.IFormattable, System.IConvertible, System.IComparable`1{System.DateTime}, System.IEquatable`1{System.DateTime}
struct System.DateTimeOffset : System.ValueType
struct System.TimeSpan : System.ValueType, System.IComparable, System.IComparable`1{System.TimeSpan}, System.IEquatable`1{System.TimeSpan}, System.IFormattable
struct System.Guid : System.ValueType, System.IFormattable, System.IComparable, System.IComparable`1{System.Guid}, System.IEquatable`1{System.Guid}
struct System.Nullable`1 : System.ValueType
struct System.ValueTuple`2 : System.ValueType
struct System.Span`1 : System.ValueType
struct System.ReadOnlySpan`1 : System.ValueType
struct System.Memory`1 : System.ValueType
struct System.ReadOnlyMemory`1 : System.ValueType
struct System.Threading.CancellationToken : System.ValueType
struct System.Threading.Tasks.ValueTask : System.ValueType
struct System.Threading.Tasks.ValueTask`1 : System.ValueType
struct System.Collections.Generic.KeyValuePair`2 : System.ValueType
class System.Type : System.Reflection.MemberInfo, System.Reflection.IReflect
class System.Reflection.MemberInfo : System.Object, System.Reflection.ICustomAttributeProvider
interface System.Reflection.IReflect
interface System.Reflection.ICustomAttributeProvider
class System.Action : System.MulticastDelegate
class System.Action`1 : System.MulticastDelegate
class System.Action`2 : System.MulticastDelegate
class System.Action`3 : System.MulticastDelegate
class System.Action`4 : System.MulticastDelegate
class System.Func`1 : System.MulticastDelegate
class System.Func`2 : System.MulticastDelegate
class System.Func`3 : System.MulticastDelegate
class System.Func`4 : System.MulticastDelegate
class System.Func`5 : System.MulticastDelegate
class System.Predicate`1 : System.MulticastDelegate
class System.Comparison`1 : System.MulticastDelegate
class System.Converter`2 : System.MulticastDelegate
class System.EventHandler : System.MulticastDelegate
class System.EventHandler`1 : System.MulticastDelegate
class System.AsyncCallback : System.MulticastDelegate
class System.Threading.Thread : System.Runtime.ConstrainedExecution.CriticalFinalizerObject
class System.Runtime.ConstrainedExecution.CriticalFinalizerObject : System.Object
class System.GC : System.Object
class System.Convert : System.Object
class System.Environment : System.Object
class System.Activator : System.Object
class System.Uri : System.Object, System.Runtime.Serialization.ISerializable
class System.Version : System.Object, System.ICloneable, System.IComparable, System.IComparable`1{System.Version}, System.IEquatable`1{System.Version}
class System.Text.Encoding : System.Object, System.ICloneable
class System.Text.RegularExpressions.Regex : System.Object, System.Runtime.Serialization.ISerializable
class System.IO.File : System.Object
class System.IO.Path : System.Object
class System.IO.Directory : System.Object
class System.IO.MemoryStream : System.IO.Stream
class System.IO.FileStream : System.IO.Stream
class System.IO.StreamReader : System.IO.TextReader
class System.IO.StreamWriter : System.IO.TextWriter
class System.IO.StringReader : System.IO.TextReader
class System.IO.StringWriter : System.IO.TextWriter
class System.Net.Http.HttpClient : System.Net.Http.HttpMessageInvoker
class System.Net.Http.HttpMessageInvoker : System.Object, System.IDisposable
class System.Threading.SemaphoreSlim : System.Object, System.IDisposable
class System.Threading.Monitor : System.Object
class System.Threading.Interlocked : System.Object
class System.Threading.Tasks.TaskCompletionSource`1 : System.Object
class System.Threading.Tasks.Parallel : System.Object
class System.Collections.Concurrent.ConcurrentDictionary`2 : System.Object, System.Collections.Generic.IDictionary`2{`0,`1}, System.Collections.IDictionary, System.Collections.Generic.IReadOnlyDictionary`2{`0,`1}
class System.Collections.Concurrent.ConcurrentQueue`1 : System.Object, System.Collections.Generic.IReadOnlyCollection`1{`0}, System.Collections.ICollection
class System.Collections.Generic.SortedList`2 : System.Object, System.Collections.Generic.IDictionary`2{`0,`1}, System.Collections.IDictionary, System.Collections.Generic.IReadOnlyDictionary`2{`0,`1}
class System.Collections.Generic.SortedSet`1 : System.Object, System.Collections.Generic.ISet`1{`0}, System.Collections.ICollection, System.Collections.Generic.IReadOnlyCollection`1{`0}
class System.Linq.Queryable : System.Object
class System.StringComparer : System.Object, System.Collections.IComparer, System.Collections.IEqualityComparer, System.Collections.Generic.IComparer`1{System.String}, System.Collections.Generic.IEqualityComparer`1{System.String}
struct System.ArraySegment`1 : System.ValueType
struct System.DateOnly : System.ValueType
struct System.TimeOnly : System.ValueType
struct System.ValueTuple`3 : System.ValueType
struct System.Index : System.ValueType
struct System.Range : System.ValueType
class System.Array : System.Object, System.ICloneable, System.Collections.IList, System.Collections.IStructuralComparable, System.Collections.IStructuralEquatable
class System.Tuple`1 : System.Object
class System.Tuple`3 : System.Object
class System.Diagnostics.Debug : System.Object
class System.Diagnostics.Stopwatch : System.Object
class System.ComponentModel.PropertyChangedEventArgs : System.EventArgs
class System.ComponentModel.CancelEventArgs : System.EventArgs
class System.AggregateException : System.Exception
class System.NullReferenceException : System.SystemException
class System.IndexOutOfRangeException : System.SystemException
class System.InvalidCastException : System.SystemException
class System.DivideByZeroException : System.ArithmeticException
class System.ArithmeticException : System.SystemException
class System.OverflowException : System.ArithmeticException
class System.UnauthorizedAccessException : System.SystemException
class System.IO.FileNotFoundException : System.IO.IOException
class System.Threading.Tasks.TaskCanceledException : System.OperationCanceledException
interface System.Dynamic.IDynamicMetaObjectProvider
class System.Dynamic.DynamicObject : System.Object, System.Dynamic.IDynamicMetaObjectProvider
class System.Dynamic.ExpandoObject : System.Object, System.Dynamic.IDynamicMetaObjectProvider, System.Collections.Generic.IDictionary`2{System.String,System.Object}, System.ComponentModel.INotifyPropertyChanged
class System.Dynamic.DynamicMetaObject : System.Object
class System.Dynamic.DynamicMetaObjectBinder : System.Runtime.CompilerServices.CallSiteBinder
class System.Runtime.CompilerServices.CallSiteBinder : System.Object
class System.Dynamic.GetMemberBinder : System.Dynamic.DynamicMetaObjectBinder
class System.Dynamic.SetMemberBinder : System.Dynamic.DynamicMetaObjectBinder
class System.Dynamic.InvokeMemberBinder : System.Dynamic.DynamicMetaObjectBinder
class System.Dynamic.BinaryOperationBinder : System.Dynamic.DynamicMetaObjectBinder
class System.Dynamic.ConvertBinder : System.Dynamic.DynamicMetaObjectBinder
interface System.ComponentModel.ITypedList
interface System.ComponentModel.IBindingList : System.Collections.IList, System.Collections.ICollection, System.Collections.IEnumerable
interface System.ComponentModel.ICustomTypeDescriptor
interface System.ComponentModel.IComponent : System.IDisposable
interface System.ComponentModel.IDataErrorInfo
interface System.ComponentModel.INotifyDataErrorInfo
interface System.ComponentModel.ISupportInitialize
class System.ComponentModel.Component : System.MarshalByRefObject, System.ComponentModel.IComponent, System.IDisposable
class System.ComponentModel.TypeConverter : System.Object
class System.ComponentModel.PropertyDescriptor : System.ComponentModel.MemberDescriptor
class System.ComponentModel.MemberDescriptor : System.Object
class System.ComponentModel.CustomTypeDescriptor : System.Object, System.ComponentModel.ICustomTypeDescriptor
class System.Runtime.Serialization.SerializationBinder : System.Object
interface System.Runtime.Serialization.ISerializationSurrogate
interface System.Runtime.Serialization.IObjectReference
class System.Collections.ObjectModel.KeyedCollection`2 : System.Collections.ObjectModel.Collection`1{`1}
class System.Collections.ObjectModel.ReadOnlyDictionary`2 : System.Object, System.Collections.Generic.IDictionary`2{`0,`1}, System.Collections.IDictionary, System.Collections.Generic.IReadOnlyDictionary`2{`0,`1}
class System.Collections.Specialized.NameValueCollection : System.Collections.Specialized.NameObjectCollectionBase
class System.Collections.Specialized.NameObjectCollectionBase : System.Object, System.Collections.ICollection, System.Collections.IEnumerable, System.Runtime.Serialization.ISerializable, System.Runtime.Serialization.IDeserializationCallback
class System.Threading.Tasks.TaskScheduler : System.Object
class System.Threading.SynchronizationContext : System.Object
class System.Configuration.ConfigurationElement : System.Object
class System.Configuration.ConfigurationSection : System.Configuration.ConfigurationElement
class System.Configuration.ConfigurationElementCollection : System.Configuration.ConfigurationElement, System.Collections.ICollection, System.Collections.IEnumerable
class System.Data.Objects.DataClasses.EntityObject : System.Object
class System.Xml.XmlReader : System.Object, System.IDisposable
class System.Xml.XmlWriter : System.Object, System.IDisposable, System.IAsyncDisposable
class System.Text.Json.Serialization.JsonConverter : System.Object
class System.Text.Json.Serialization.JsonConverter`1 : System.Text.Json.Serialization.JsonConverter
class System.Net.Http.HttpMessageHandler : System.Object, System.IDisposable
class System.Net.Http.DelegatingHandler : System.Net.Http.HttpMessageHandler
class System.IO.BinaryReader : System.Object, System.IDisposable
class System.IO.BinaryWriter : System.Object, System.IDisposable, System.IAsyncDisposable
class System.Reflection.Assembly : System.Object, System.Reflection.ICustomAttributeProvider, System.Runtime.Serialization.ISerializable
class System.Reflection.MethodInfo : System.Reflection.MethodBase
class System.Reflection.MethodBase : System.Reflection.MemberInfo
class System.Reflection.PropertyInfo : System.Reflection.MemberInfo
class System.Reflection.FieldInfo : System.Reflection.MemberInfo
interface Microsoft.Extensions.Hosting.IHostedService
class Microsoft.Extensions.Hosting.BackgroundService : System.Object, Microsoft.Extensions.Hosting.IHostedService, System.IDisposable
class Microsoft.AspNetCore.Mvc.ControllerBase : System.Object
class Microsoft.AspNetCore.Mvc.Controller : Microsoft.AspNetCore.Mvc.ControllerBase, Microsoft.AspNetCore.Mvc.Filters.IActionFilter, Microsoft.AspNetCore.Mvc.Filters.IAsyncActionFilter, System.IDisposable
interface Microsoft.AspNetCore.Mvc.Filters.IActionFilter
interface Microsoft.AspNetCore.Mvc.Filters.IAsyncActionFilter
class System.Globalization.CultureInfo : System.Object, System.ICloneable, System.IFormatProvider
interface System.IFormatProvider
class System.Globalization.NumberFormatInfo : System.Object, System.ICloneable, System.IFormatProvider
class System.Globalization.DateTimeFormatInfo : System.Object, System.ICloneable, System.IFormatProvider
class System.Globalization.CompareInfo : System.Object
class System.Globalization.TextInfo : System.Object, System.ICloneable
struct System.Globalization.NumberStyles : System.Enum
struct System.StringComparison : System.Enum
struct System.StringSplitOptions : System.Enum
struct System.AttributeTargets : System.Enum
struct System.Reflection.BindingFlags : System.Enum
struct System.DateTimeKind : System.Enum
struct System.DayOfWeek : System.Enum
struct System.TypeCode : System.Enum
class System.AttributeUsageAttribute : System.Attribute
class System.ObsoleteAttribute : System.Attribute
class System.FlagsAttribute : System.Attribute
class System.SerializableAttribute : System.Attribute
class System.Reflection.AssemblyCopyrightAttribute : System.Attribute
class System.Reflection.AssemblyCompanyAttribute : System.Attribute
class System.Reflection.AssemblyProductAttribute : System.Attribute
class System.Reflection.AssemblyTitleAttribute : System.Attribute
class System.Reflection.AssemblyDescriptionAttribute : System.Attribute
class System.Reflection.AssemblyVersionAttribute : System.Attribute
class System.Reflection.AssemblyFileVersionAttribute : System.Attribute
class System.Reflection.AssemblyInformationalVersionAttribute : System.Attribute
class System.Reflection.AssemblyConfigurationAttribute : System.Attribute
class System.Reflection.AssemblyTrademarkAttribute : System.Attribute
class System.Reflection.ParameterInfo : System.Object, System.Reflection.ICustomAttributeProvider
class System.Reflection.ConstructorInfo : System.Reflection.MethodBase
class System.Reflection.EventInfo : System.Reflection.MemberInfo
class System.Reflection.TypeInfo : System.Type
class System.Reflection.Module : System.Object, System.Reflection.ICustomAttributeProvider, System.Runtime.Serialization.ISerializable
class System.Diagnostics.StackTrace : System.Object
class System.Diagnostics.Process : System.ComponentModel.Component
class System.Diagnostics.Trace : System.Object
class System.Diagnostics.ConditionalAttribute : System.Attribute
class System.Diagnostics.DebuggerDisplayAttribute : System.Attribute
class System.Diagnostics.DebuggerStepThroughAttribute : System.Attribute
class System.Runtime.CompilerServices.CallerMemberNameAttribute : System.Attribute
class System.Runtime.CompilerServices.ExtensionAttribute : System.Attribute
class System.Runtime.CompilerServices.InternalsVisibleToAttribute : System.Attribute
class System.ComponentModel.DescriptionAttribute : System.Attribute
class System.ComponentModel.DefaultValueAttribute : System.Attribute
class System.ComponentModel.EditorBrowsableAttribute : System.Attribute
class System.ComponentModel.BrowsableAttribute : System.Attribute
class System.ComponentModel.TypeDescriptor : System.Object
class System.Text.RegularExpressions.Match : System.Text.RegularExpressions.Group
class System.Text.RegularExpressions.Group : System.Text.RegularExpressions.Capture
class System.Text.RegularExpressions.Capture : System.Object
class System.Text.RegularExpressions.MatchCollection : System.Object, System.Collections.ICollection, System.Collections.IEnumerable
class System.Text.UTF8Encoding : System.Text.Encoding
class System.Collections.BitArray : System.Object, System.Collections.ICollection, System.Collections.IEnumerable, System.ICloneable
class System.Collections.Concurrent.ConcurrentBag`1 : System.Object, System.Collections.Generic.IReadOnlyCollection`1{`0}, System.Collections.ICollection
class System.Collections.Concurrent.BlockingCollection`1 : System.Object, System.Collections.Generic.IEnumerable`1{`0}, System.Collections.ICollection, System.IDisposable, System.Collections.Generic.IReadOnlyCollection`1{`0}
class System.Threading.Timer : System.MarshalByRefObject, System.IDisposable, System.IAsyncDisposable
class System.Threading.ManualResetEventSlim : System.Object, System.IDisposable
class System.Threading.ReaderWriterLockSlim : System.Object, System.IDisposable
class System.Threading.Tasks.TaskFactory : System.Object
class System.Threading.ThreadLocal`1 : System.Object, System.IDisposable
class System.Threading.AsyncLocal`1 : System.Object
class System.Net.WebClient : System.ComponentModel.Component
class System.Net.Http.HttpResponseMessage : System.Object, System.IDisposable
class System.Net.Http.HttpRequestMessage : System.Object, System.IDisposable
class System.Net.Http.HttpContent : System.Object, System.IDisposable
class System.Xml.XmlDocument : System.Xml.XmlNode
class System.Xml.XmlNode : System.Object, System.ICloneable, System.Collections.IEnumerable
class System.Xml.XmlElement : System.Xml.XmlLinkedNode
class System.Xml.XmlLinkedNode : System.Xml.XmlNode
class System.Xml.Linq.XObject : System.Object
class System.Xml.Linq.XNode : System.Xml.Linq.XObject
class System.Xml.Linq.XContainer : System.Xml.Linq.XNode
class System.Xml.Linq.XElement : System.Xml.Linq.XContainer
class System.Xml.Linq.XDocument : System.Xml.Linq.XContainer
class System.Xml.Linq.XAttribute : System.Xml.Linq.XObject
class System.Xml.Linq.XName : System.Object, System.IEquatable`1{System.Xml.Linq.XName}
class System.Data.DataTable : System.ComponentModel.MarshalByValueComponent
class System.ComponentModel.MarshalByValueComponent : System.Object, System.ComponentModel.IComponent, System.IDisposable, System.IServiceProvider
class System.Data.DataSet : System.ComponentModel.MarshalByValueComponent
class System.Data.Common.DbConnection : System.ComponentModel.Component, System.Data.IDbConnection, System.IAsyncDisposable
class System.Data.Common.DbCommand : System.ComponentModel.Component, System.Data.IDbCommand, System.IAsyncDisposable
interface System.Data.IDbConnection : System.IDisposable
interface System.Data.IDbCommand : System.IDisposable
interface System.Data.IDataReader : System.IDisposable, System.Data.IDataRecord
interface System.Data.IDataRecord
class System.Linq.Expressions.Expression : System.Object
class System.Linq.Expressions.Expression`1 : System.Linq.Expressions.LambdaExpression
class System.Linq.Expressions.LambdaExpression : System.Linq.Expressions.Expression
class System.Linq.Expressions.ExpressionVisitor : System.Object
class System.Linq.Expressions.MemberExpression : System.Linq.Expressions.Expression
class System.Linq.Expressions.MethodCallExpression : System.Linq.Expressions.Expression
class System.Linq.Expressions.ParameterExpression : System.Linq.Expressions.Expression
class System.Linq.Expressions.ConstantExpression : System.Linq.Expressions.Expression
interface System.ComponentModel.IListSource
interface System.Runtime.Serialization.IFormatterConverter
interface System.Collections.IDictionaryEnumerator : System.Collections.IEnumerator
class System.Runtime.Serialization.SerializationInfo : System.Object
struct System.Runtime.Serialization.StreamingContext : System.ValueType
interface System.IDisposable
interface System.IAsyncDisposable
interface System.ICloneable
interface System.IComparable
interface System.IComparable`1
interface System.IEquatable`1
interface System.IFormattable
interface System.IConvertible
interface System.IServiceProvider
interface System.IObservable`1
interface System.IObserver`1
interface System.IProgress`1
interface System.IAsyncResult
interface System.Runtime.Serialization.ISerializable
interface System.Runtime.Serialization.IDeserializationCallback
interface System.Runtime.CompilerServices.ITuple
interface System.Collections.IEnumerable
interface System.Collections.IEnumerator
interface System.Collections.ICollection : System.Collections.IEnumerable
interface System.Collections.IList : System.Collections.ICollection, System.Collections.IEnumerable
interface System.Collections.IDictionary : System.Collections.ICollection, System.Collections.IEnumerable
interface System.Collections.IComparer
interface System.Collections.IEqualityComparer
interface System.Collections.IStructuralEquatable
interface System.Collections.IStructuralComparable
interface System.Collections.Generic.IEnumerable`1 : System.Collections.IEnumerable
interface System.Collections.Generic.IEnumerator`1 : System.IDisposable, System.Collections.IEnumerator
interface System.Collections.Generic.IAsyncEnumerable`1
interface System.Collections.Generic.IAsyncEnumerator`1 : System.IAsyncDisposable
interface System.Collections.Generic.ICollection`1 : System.Collections.Generic.IEnumerable`1{`0}, System.Collections.IEnumerable
interface System.Collections.Generic.IList`1 : System.Collections.Generic.ICollection`1{`0}, System.Collections.Generic.IEnumerable`1{`0}, System.Collections.IEnumerable
interface System.Collections.Generic.ISet`1 : System.Collections.Generic.ICollection`1{`0}, System.Collections.Generic.IEnumerable`1{`0}, System.Collections.IEnumerable
interface System.Collections.Generic.IReadOnlyCollection`1 : System.Collections.Generic.IEnumerable`1{`0}, System.Collections.IEnumerable
interface System.Collections.Generic.IReadOnlyList`1 : System.Collections.Generic.IReadOnlyCollection`1{`0}, System.Collections.Generic.IEnumerable`1{`0}, System.Collections.IEnumerable
interface System.Collections.Generic.IReadOnlySet`1 : System.Collections.Generic.IReadOnlyCollection`1{`0}, System.Collections.Generic.IEnumerable`1{`0}, System.Collections.IEnumerable
interface System.Collections.Generic.IDictionary`2 : System.Collections.Generic.ICollection`1{System.Collections.Generic.KeyValuePair`2{`0,`1}}, System.Collections.Generic.IEnumerable`1{System.Collections.Generic.KeyValuePair`2{`0,`1}}, System.Collections.IEnumerable
interface System.Collections.Generic.IReadOnlyDictionary`2 : System.Collections.Generic.IReadOnlyCollection`1{System.Collections.Generic.KeyValuePair`2{`0,`1}}, System.Collections.Generic.IEnumerable`1{System.Collections.Generic.KeyValuePair`2{`0,`1}}, System.Collections.IEnumerable
interface System.Collections.Generic.IComparer`1
interface System.Collections.Generic.IEqualityComparer`1
interface System.Collections.Specialized.INotifyCollectionChanged
interface System.ComponentModel.INotifyPropertyChanged
interface System.ComponentModel.INotifyPropertyChanging
interface System.Linq.IQueryable : System.Collections.IEnumerable
interface System.Linq.IQueryable`1 : System.Collections.Generic.IEnumerable`1{`0}, System.Collections.IEnumerable, System.Linq.IQueryable
interface System.Linq.IGrouping`2 : System.Collections.Generic.IEnumerable`1{`1}, System.Collections.IEnumerable
interface System.Linq.IOrderedEnumerable`1 : System.Collections.Generic.IEnumerable`1{`0}, System.Collections.IEnumerable
";

fn table() -> &'static FxHashMap<(SmolStr, u32), KnownType> {
    static TABLE_MAP: OnceLock<FxHashMap<(SmolStr, u32), KnownType>> = OnceLock::new();
    TABLE_MAP.get_or_init(|| TABLE.lines().filter_map(parse_line).collect())
}

fn parse_line(line: &str) -> Option<((SmolStr, u32), KnownType)> {
    let (head, bases) = match line.split_once(" : ") {
        Some((head, bases)) => (head, bases),
        None => (line, ""),
    };
    let (kind, name) = head.trim().split_once(' ')?;
    let kind = match kind {
        "class" => KnownKind::Class,
        "struct" => KnownKind::Struct,
        "interface" => KnownKind::Interface,
        _ => return None,
    };
    let (name, arity) = split_arity(name);
    let mut refs: Vec<Ty> = split_top_level(bases).into_iter().map(parse_ref).collect();
    let base = match kind {
        KnownKind::Class | KnownKind::Struct if !refs.is_empty() => Some(refs.remove(0)),
        _ => None,
    };
    Some((
        (SmolStr::new(name), arity),
        KnownType {
            kind,
            base,
            interfaces: refs,
        },
    ))
}

fn split_arity(name: &str) -> (&str, u32) {
    match name.split_once('`') {
        Some((n, a)) => (n, a.parse().unwrap_or(0)),
        None => (name, 0),
    }
}

fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = text[start..].trim();
    if !last.is_empty() {
        parts.push(last);
    }
    parts
}

fn parse_ref(text: &str) -> Ty {
    if let Some(index) = text.strip_prefix('`') {
        let index = index.parse().unwrap_or(0);
        return Ty::TypeParam(TypeParam {
            name: SmolStr::new(format!("T{index}")),
            index,
            of_method: false,
        });
    }
    let (head, args) = match text.split_once('{') {
        Some((head, rest)) => (
            head,
            split_top_level(rest.strip_suffix('}').unwrap_or(rest)),
        ),
        None => (text, Vec::new()),
    };
    let (name, _) = split_arity(head);
    Ty::External(
        SmolStr::new(name),
        args.into_iter().map(parse_ref).collect(),
    )
}

pub fn lookup(full_name: &str, arity: u32) -> Option<&'static KnownType> {
    table().get(&(SmolStr::new(full_name), arity))
}

pub fn is_value_type(full_name: &str) -> bool {
    // Looked up by name at each arity a framework type may have, not by a scan of the table: this is
    // asked for every `T?` the binder meets.
    (0..=8).any(|arity| lookup(full_name, arity).is_some_and(|t| t.kind == KnownKind::Struct))
}

pub fn is_interface(full_name: &str, arity: u32) -> Option<bool> {
    lookup(full_name, arity).map(|t| t.kind == KnownKind::Interface)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_the_table_parses() {
        let lines = TABLE.lines().filter(|l| !l.trim().is_empty()).count();
        assert_eq!(table().len(), lines);
        let list =
            lookup("System.Collections.Generic.List", 1).map(|t| (t.kind, t.interfaces.len()));
        assert_eq!(list, Some((KnownKind::Class, 3)));
    }
}
